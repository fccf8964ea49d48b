import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes, formatCount } from '../../../../app/common/format';

/**
 * Chart colours readable on both the light and the dark theme. Series colours (owners) never use the green and
 * red that mean live and expired, so a colour keeps one meaning across the page.
 */
export const COLORS = ['#4e8fdc', '#e0913a', '#9b6ad6', '#2bb3c0', '#b58b00', '#8a8f98', '#d46fa6', '#5f7fbf'];
/** Colours with a meaning: live and expired rows (as the badges), text and binary kinds, a plain count. */
export const MEANING = { live: '#3aa675', expired: '#d9534f', text: '#4e8fdc', binary: '#9b6ad6', count: '#4e8fdc' } as const;

/** Axis label of at most `max` characters (longer ones end in an ellipsis; the tooltip has the whole name). */
export function shortLabel(text: string, max = 14): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A titled chart card. */
export function ChartCard({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="card chart-card">
      <h3>{title}</h3>
      <div className="chart-box">{children}</div>
      {note && <div className="muted chart-note">{note}</div>}
    </section>
  );
}

type Datum = { name: string; value: number };

type BarsProps = {
  data: Datum[];
  unit: 'bytes' | 'rows';
  horizontal?: boolean;
  /** One colour per datum (default: the series palette). */
  colors?: readonly string[];
  /** Square-root scale, so a few huge values do not flatten the rest to nothing (values are printed on the bars). */
  sqrtScale?: boolean;
};

/** Bars of `value`, formatted as bytes or counts, each bar labelled with its value (so no bar is unreadable). */
export function Bars({ data, unit, horizontal = false, colors = COLORS, sqrtScale = false }: BarsProps) {
  const format = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));
  const scale = sqrtScale ? 'sqrt' : 'auto';
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 16, right: 56, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" className="chart-grid" />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={format} allowDecimals={false} scale={scale} />
            <YAxis type="category" dataKey="name" width={104} interval={0} tick={{ fontSize: 11 }} tickFormatter={(t: string) => shortLabel(t)} />
          </>
        ) : (
          <>
            <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} tickFormatter={(t: string) => shortLabel(t)} />
            <YAxis tickFormatter={format} width={76} scale={scale} />
          </>
        )}
        <Tooltip formatter={(v) => [format(Number(v)), unit]} />
        <Bar dataKey="value" name={unit} isAnimationActive={false} minPointSize={2}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={colors[i % colors.length]} />
          ))}
          <LabelList dataKey="value" position={horizontal ? 'right' : 'top'} className="bar-label" formatter={(v: unknown) => format(Number(v))} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A donut of shares, in bytes or rows. */
export function Donut({ data, unit, colors = COLORS }: { data: Datum[]; unit: 'bytes' | 'rows'; colors?: string[] }) {
  const format = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius={50} outerRadius={80} isAnimationActive={false} label={(p) => format(Number(p.value))}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={colors[i % colors.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => format(Number(v))} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
