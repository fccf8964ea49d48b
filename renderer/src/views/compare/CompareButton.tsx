import { useState } from 'react';
import type { EntryMeta } from '../../../../app/contract';
import { CompareDialog } from './CompareDialog';

/** The entry header's "Compare with…" action and the dialog it opens. */
export function CompareButton({ entry, revision, now }: { entry: EntryMeta; revision: number; now: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cmp-open" onClick={() => setOpen(true)}>
        Compare with…
      </button>
      {open && <CompareDialog entry={entry} revision={revision} now={now} onClose={() => setOpen(false)} />}
    </>
  );
}
