import { useEffect, useState } from 'react';
import type { EventPayload } from '../../../app/contract';
import { useApi } from '../api';

/** Progress of long store work pushed by main ('work:progress': gc, stats over large files); hidden when idle. */
export function WorkProgress() {
  const api = useApi();
  const [work, setWork] = useState<EventPayload<'work:progress'> | null>(null);
  useEffect(
    () =>
      api.on('work:progress', (payload) => {
        setWork(payload.total > 0 && payload.done >= payload.total ? null : payload);
      }),
    [api],
  );
  if (!work) return null;
  return (
    <span className="work-progress" role="status">
      {work.task}… <progress value={work.done} max={Math.max(1, work.total)} aria-label={`${work.task} progress`} />
    </span>
  );
}
