import { lazy, Suspense, useState } from 'react';
import type { EntryMeta } from '../../../../app/contract';

// The compare view carries the diff library: loaded when first opened, not with the app.
const CompareDialog = lazy(() => import('./CompareDialog').then((m) => ({ default: m.CompareDialog })));

/** The entry header's "Compare with…" action and the dialog it opens. */
export function CompareButton({ entry, revision, now }: { entry: EntryMeta; revision: number; now: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cmp-open" aria-label="Compare with…" title="Compare this entry with another (same turn or same executor in another turn)" onClick={() => setOpen(true)}>
        Compare…
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompareDialog entry={entry} revision={revision} now={now} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
