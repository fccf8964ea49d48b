import { useState } from 'react';
import type { EntryMeta } from '../../../../app/contract';
import { CompareDialog } from './CompareDialog';

/** The entry header's "Compare with…" action and the dialog it opens. */
export function CompareButton({ entry, revision, now }: { entry: EntryMeta; revision: number; now: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cmp-open" aria-label="Compare with…" title="Compare this entry with another (same turn or same executor in another turn)" onClick={() => setOpen(true)}>
        Compare…
      </button>
      {open && <CompareDialog entry={entry} revision={revision} now={now} onClose={() => setOpen(false)} />}
    </>
  );
}
