import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes, formatCount } from '../../format/units';

/** Chart colours readable on both the light and the dark theme. */
export const COLORS = ['#4e8fdc', '#e0913a', '#3aa675', '#c05ac8', '#d9534f', '#8a8f98', '#2bb3c0', '#b58b00'];

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

/** Vertical bars of `value`, formatted as bytes or counts. */
export function Bars({ data, unit, horizontal = false }: { data: Datum[]; unit: 'bytes' | 'rows'; horizontal?: boolean }) {
  const format = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" className="chart-grid" />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={format} allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={90} interval={0} tick={{ fontSize: 11 }} />
          </>
        ) : (
          <>
            <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} />
            <YAxis tickFormatter={format} width={70} />
          </>
        )}
        <Tooltip formatter={(v) => [format(Number(v)), unit]} />
        <Bar dataKey="value" name={unit} isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
          ))}
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
