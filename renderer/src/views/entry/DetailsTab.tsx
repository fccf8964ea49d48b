import type { ReactNode } from 'react';
import type { EntryDescription } from '../../../../app/contract';
import { entryExpiresAt } from '../../../../app/contract/expiry';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { formatBytes, formatCount, formatCountdown, formatRelative, formatTime } from '../../../../app/common/format';
import { CopyButton } from './CopyButton';
import { ExportButton } from './ExportButton';

/** When an entry expires, said once: "2026-12-01 10:00:00 (22h 0m left)", or "… (1 day ago)" once past (Unix seconds). */
export function expiresText(expiresAt: number, now: number): string {
  return `${formatTime(expiresAt)} (${expiresAt > now ? formatCountdown(expiresAt, now) : formatRelative(expiresAt, now)})`;
}

/** Ids, owner, actor, channel, sizes, created and expires as absolute local and relative time. */
export function DetailsTab({ description, now }: { description: EntryDescription; now: number }) {
  const { meta, sha256, detectedType } = description;
  const rows: [string, ReactNode][] = [
    ['Entry id', <code className="selectable">{meta.id}</code>],
    ['Turn id', <code className="selectable">{meta.turnId}</code>],
    ['Step', meta.stepNum ?? '—'],
    ['Executor', meta.executorName ?? '—'],
    ['Owner', meta.owner ?? '— (no owner: original runtime row)'],
    ['Actor', meta.actor ?? '—'],
    ['Channel', meta.channel ?? '—'],
    ['Kind', `${meta.kind}${meta.structured ? ' (structured JSON)' : ''}${detectedType ? ` · ${detectedType}` : ''}`],
    ['Size', `${formatCount(meta.sizeBytes)} bytes (${formatBytes(meta.sizeBytes)})`],
    ['Length', meta.kind === 'text' ? (meta.lengthCodePoints === null ? 'unknown until read' : `${formatCount(meta.lengthCodePoints)} code points`) : '—'],
    ['Created', `${formatTime(meta.createdAt)} (${formatRelative(meta.createdAt, now)})`],
    [
      'Expires',
      <>
        {expiresText(entryExpiresAt(meta), now)} <ExpiryBadge expiresAt={entryExpiresAt(meta)} now={now} />
      </>,
    ],
    [
      'sha256',
      <>
        <code className="selectable mono">{sha256}</code> <CopyButton text={sha256} />
      </>,
    ],
    ['Summary', <pre className="handle-summary selectable">{meta.summary}</pre>],
  ];
  return (
    <>
      <ExportButton id={meta.id} />
      <dl className="facts details">
        {rows.map(([label, value]) => (
          <div className="fact" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
