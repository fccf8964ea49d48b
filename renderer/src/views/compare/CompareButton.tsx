import { lazy, Suspense, useState } from 'react';
import type { EntryMeta } from '../../../../app/contract';

// The compare view carries the diff library: loaded when first opened, not with the app.
const CompareDialog = lazy(() => import('./CompareDialog').then((m) => ({ default: m.CompareDialog })));

/**
 * The comparison of two entries picked in the entries table: the dialog opened on `entry` (left) against
 * `otherId` (right), loaded on first use like the button's.
 */
export function ComparePicked({
  entry,
  otherId,
  revision,
  now,
  onClose,
}: {
  entry: EntryMeta;
  otherId: string;
  revision: number;
  now: number;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <CompareDialog entry={entry} initialOther={otherId} revision={revision} now={now} onClose={onClose} />
    </Suspense>
  );
}

/** The entry header's "Compare with…" action and the dialog it opens. */
export function CompareButton({ entry, revision, now }: { entry: EntryMeta; revision: number; now: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cmp-open"
        aria-label="Compare with…"
        title="Compare this entry with another (same turn or same executor in another turn)"
        onClick={() => setOpen(true)}
      >
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
