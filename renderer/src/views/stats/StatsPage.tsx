import type { Stats } from '../../../../app/contract';
import { useApi } from '../../api';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, plural } from '../../../../app/common/format';
import { useQuery } from '../../hooks/useQuery';
import { useStoreRevision } from '../../hooks/useStoreRevision';
import { Bars, ChartCard, Donut, MEANING } from './charts';
import { ownerLabel } from '../../../../app/common/principal';

/** Label of a size bucket: "≤ 4 KiB", or "> 1 MiB" for the unbounded last one. */
export function bucketLabel(buckets: Stats['sizeBuckets'], index: number): string {
  const bucket = buckets[index];
  if (!bucket) return '';
  if (bucket.upToBytes !== null) return `≤ ${formatBytes(bucket.upToBytes)}`;
  const previous = buckets[index - 1];
  return previous && previous.upToBytes !== null ? `> ${formatBytes(previous.upToBytes)}` : 'any size';
}

/** Counts and sizes over the rows you may see, as charts; file figures for the operator. */
export function StatsPage() {
  const api = useApi();
  const { revision } = useStoreRevision();
  const stats = useQuery(() => api.statsGet({}), [revision]);
  if (stats.status === 'loading' && !stats.data) return <Loading what="stats" />;
  if (stats.status === 'error' && stats.error && !stats.data) return <ErrorBox what="stats" error={stats.error} onRetry={stats.reload} />;
  const s = stats.data;
  if (!s) return null;
  const liveRows = s.rows - s.expiredRows;
  const liveBytes = s.bytes - s.expiredBytes;
  return (
    <div className="page stats-page">
      <section className="card stat-figures">
        <Figure label="Rows" value={formatCount(s.rows)} />
        <Figure label="Stored" value={formatBytes(s.bytes)} title={`${formatCount(s.bytes)} bytes`} />
        <Figure label="Expired (awaiting gc)" value={`${formatCount(s.expiredRows)} · ${formatBytes(s.expiredBytes)}`} />
        {s.fileSizeBytes !== undefined && <Figure label="File size" value={formatBytes(s.fileSizeBytes)} title={`${formatCount(s.fileSizeBytes)} bytes`} />}
        {s.freePages !== undefined && s.pageSize !== undefined && s.freePages > 0 && (
          <Figure label="Free pages" value={`${formatCount(s.freePages)} × ${formatBytes(s.pageSize)} = ${formatBytes(s.freePages * s.pageSize)}`} />
        )}
      </section>
      {s.rows === 0 ? (
        <Empty>No rows: nothing to chart yet.</Empty>
      ) : (
        <div className="chart-grid-layout">
          <ChartCard title="Bytes by kind" note={`text ${plural(s.byKind.text.rows, 'row')} · binary ${plural(s.byKind.binary.rows, 'row')}`}>
            <Bars
              unit="bytes"
              colors={[MEANING.text, MEANING.binary]}
              data={[
                { name: 'text', value: s.byKind.text.bytes },
                { name: 'binary', value: s.byKind.binary.bytes },
              ]}
            />
          </ChartCard>
          <ChartCard title="Live vs expired (bytes)" note={`${plural(liveRows, 'live row')} · ${plural(s.expiredRows, 'expired row')}`}>
            <Donut
              unit="bytes"
              colors={[MEANING.live, MEANING.expired]}
              data={[
                { name: 'live', value: liveBytes },
                { name: 'expired', value: s.expiredBytes },
              ]}
            />
          </ChartCard>
          <ChartCard title="Size distribution (rows)" note="Square-root scale; each bar gives its row count.">
            <Bars
              horizontal
              sqrtScale
              unit="rows"
              colors={[MEANING.count]}
              data={s.sizeBuckets.map((b, i) => ({ name: bucketLabel(s.sizeBuckets, i), value: b.rows }))}
            />
          </ChartCard>
          {s.byOwner && s.byOwner.length > 0 && (
            <ChartCard title="Bytes per owner" note={plural(s.byOwner.length, 'owner')}>
              <Bars
                horizontal
                unit="bytes"
                data={[...s.byOwner]
                  .sort((a, b) => b.bytes - a.bytes)
                  .slice(0, 12)
                  .map((o) => ({ name: ownerLabel(o.owner), value: o.bytes }))}
              />
            </ChartCard>
          )}
          {s.fileSizeBytes !== undefined && s.freePages !== undefined && s.pageSize !== undefined && s.freePages > 0 && (
            <ChartCard title="File: used vs free pages" note="Free pages are space SQLite reuses for new rows; the file itself shrinks only after a VACUUM.">
              <Donut
                unit="bytes"
                colors={['#4e8fdc', '#8a8f98']}
                data={[
                  { name: 'used', value: Math.max(0, s.fileSizeBytes - s.freePages * s.pageSize) },
                  { name: 'free', value: s.freePages * s.pageSize },
                ]}
              />
            </ChartCard>
          )}
        </div>
      )}
    </div>
  );
}

function Figure({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="figure" title={title}>
      <div className="figure-label muted">{label}</div>
      <div className="figure-value">{value}</div>
    </div>
  );
}
