import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleSqrt } from '@visx/scale';
import { Pie } from '@visx/shape';
import { formatBytes, formatCount } from '../../../../app/common/format';
import { byteTicks, donutWeights } from './scale';

/**
 * Chart colours readable on both the light and the dark theme. Series colours (owners) never use the green and
 * red that mean live and expired, so a colour keeps one meaning across the page.
 */
export const COLORS = ['#4e8fdc', '#e0913a', '#9b6ad6', '#2bb3c0', '#b58b00', '#8a8f98', '#d46fa6', '#5f7fbf'];
/** Colours with a meaning: live and expired rows (as the badges), text and binary kinds, a plain count. */
export const MEANING = { live: '#3aa675', expired: '#d9534f', text: '#4e8fdc', binary: '#9b6ad6', count: '#4e8fdc' } as const;

/** Height of every chart, in CSS px (the card's `.chart-box`). */
const CHART_HEIGHT = 220;

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

/**
 * Width (CSS px) of the element `ref` is set on: measured before the first paint and followed on resize, so a
 * chart is drawn once at its size (0 until measured).
 */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
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

/** A bar of a non-zero value is at least this long (px), so it never vanishes next to a huge one. */
const MIN_BAR_PX = 2;
/** Room for the value printed past a bar's end, and for the category labels (px). */
const MARGIN = { top: 18, right: 64, bottom: 24, left: 8 };
const CATEGORY_WIDTH = 104;
const VALUE_AXIS_WIDTH = 72;

/**
 * Bars of `value`, formatted as bytes or counts, each bar labelled with its value (so no bar is unreadable) and
 * titled with its name and value (the tooltip). Plain SVG from visx scales: a few dozen nodes per chart.
 */
export function Bars({ data, unit, horizontal = false, colors = COLORS, sqrtScale = false }: BarsProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const format = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));
  const max = Math.max(1, ...data.map((d) => d.value));
  const left = MARGIN.left + (horizontal ? CATEGORY_WIDTH : VALUE_AXIS_WIDTH);
  const innerWidth = Math.max(0, width - left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const valueRange: [number, number] = horizontal ? [0, innerWidth] : [innerHeight, 0];
  // About one tick per 70 px of a lying axis (its labels, "100 KiB", are about 45 px wide).
  const ticks = horizontal ? Math.max(2, Math.floor(innerWidth / 70)) : 5;
  // A byte axis ends and ticks at round values of the unit it shows (0, 1, 2 MiB), not at decimal byte counts.
  const bytesAxis = unit === 'bytes' && !sqrtScale ? byteTicks(max, ticks) : null;
  const value = sqrtScale
    ? scaleSqrt({ domain: [0, max], range: valueRange, nice: true })
    : scaleLinear({ domain: [0, bytesAxis ? bytesAxis.top : max], range: valueRange, nice: bytesAxis === null });
  const category = scaleBand({ domain: data.map((d) => d.name), range: horizontal ? [0, innerHeight] : [0, innerWidth], padding: 0.25 });
  const length = (v: number) => (v > 0 ? Math.max(MIN_BAR_PX, horizontal ? value(v) : innerHeight - value(v)) : 0);
  const axisTicks = bytesAxis
    ? {
        tickValues: bytesAxis.ticks.map((t) => t.value),
        tickFormat: (v: unknown) => bytesAxis.ticks.find((t) => t.value === Number(v))?.label ?? format(Number(v)),
      }
    : { numTicks: ticks, tickFormat: (v: unknown) => format(Number(v)) };
  return (
    <div ref={ref} className="chart-frame">
      {width > 0 && (
        <svg className="chart-surface" width={width} height={CHART_HEIGHT} role="img" aria-label={`${unit} by ${horizontal ? 'category' : 'kind'}`}>
          <Group left={left} top={MARGIN.top}>
            {data.map((d, i) => {
              const at = category(d.name) ?? 0;
              const size = length(d.value);
              const fill = colors[i % colors.length];
              return horizontal ? (
                <rect key={d.name} x={0} y={at} width={size} height={category.bandwidth()} fill={fill}>
                  <title>{`${d.name}: ${format(d.value)} ${unit}`}</title>
                </rect>
              ) : (
                <rect key={d.name} x={at} y={innerHeight - size} width={category.bandwidth()} height={size} fill={fill}>
                  <title>{`${d.name}: ${format(d.value)} ${unit}`}</title>
                </rect>
              );
            })}
            <g className="bar-labels">
              {data.map((d) => {
                const at = (category(d.name) ?? 0) + category.bandwidth() / 2;
                const size = length(d.value);
                return horizontal ? (
                  <text key={d.name} className="bar-label" x={size + 4} y={at} dominantBaseline="middle">
                    {format(d.value)}
                  </text>
                ) : (
                  <text key={d.name} className="bar-label" x={at} y={innerHeight - size - 4} textAnchor="middle">
                    {format(d.value)}
                  </text>
                );
              })}
            </g>
            {horizontal ? (
              <>
                <g className="chart-categories">
                  {data.map((d) => (
                    <text
                      key={d.name}
                      className="chart-tick"
                      x={-6}
                      y={(category(d.name) ?? 0) + category.bandwidth() / 2}
                      textAnchor="end"
                      dominantBaseline="middle"
                    >
                      <title>{d.name}</title>
                      {shortLabel(d.name)}
                    </text>
                  ))}
                </g>
                <AxisBottom top={innerHeight} scale={value} {...axisTicks} axisClassName="chart-axis" tickLabelProps={TICK_LABEL} />
              </>
            ) : (
              <>
                <AxisLeft scale={value} {...axisTicks} axisClassName="chart-axis" tickLabelProps={TICK_LABEL} />
                <AxisBottom
                  top={innerHeight}
                  scale={category}
                  tickFormat={(t) => shortLabel(String(t))}
                  axisClassName="chart-axis"
                  tickLabelProps={TICK_LABEL}
                />
              </>
            )}
          </Group>
        </svg>
      )}
    </div>
  );
}

/** Tick labels take the theme's muted text colour from CSS (`.chart-tick`), not an attribute. */
const TICK_LABEL = { className: 'chart-tick', fontSize: 11 } as const;

/** Distance of a slice's value label from the donut's centre (px): past the ring's outer radius of 72. */
const LABEL_RADIUS = 80;

/** Smallest angle of a non-zero slice (degrees), so a tiny share is seen where its legend entry points. */
const MIN_SLICE_DEGREES = 3;

/**
 * A donut of shares, in bytes or rows: each slice labelled with its exact value, and a legend of names under it.
 * A non-zero slice spans at least MIN_SLICE_DEGREES (its label and tooltip still give the exact value).
 */
export function Donut({ data, unit, colors = COLORS }: { data: Datum[]; unit: 'bytes' | 'rows'; colors?: string[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const format = (v: number) => (unit === 'bytes' ? formatBytes(v) : formatCount(v));
  const legendHeight = 28;
  const cy = (CHART_HEIGHT - legendHeight) / 2;
  const colorOf = new Map(data.map((d, i) => [d.name, colors[i % colors.length]!]));
  const weights = donutWeights(
    data.map((d) => d.value),
    MIN_SLICE_DEGREES,
  );
  const slices = data.map((d, i) => ({ ...d, weight: weights[i]! })).filter((d) => d.value > 0);
  return (
    <div ref={ref} className="chart-frame">
      {width > 0 && (
        <svg className="chart-surface" width={width} height={CHART_HEIGHT - legendHeight} role="img" aria-label={`${unit} shares`}>
          <Group left={width / 2} top={cy}>
            <Pie data={slices} pieValue={(d) => d.weight} outerRadius={72} innerRadius={46} pieSortValues={null}>
              {(pie) =>
                pie.arcs.map((arc) => {
                  // The value sits just outside the ring, at the slice's middle angle (d3: 0 at twelve o'clock, clockwise).
                  const angle = (arc.startAngle + arc.endAngle) / 2;
                  const x = LABEL_RADIUS * Math.sin(angle);
                  const y = -LABEL_RADIUS * Math.cos(angle);
                  return (
                    <g key={arc.data.name}>
                      <path d={pie.path(arc) ?? ''} fill={colorOf.get(arc.data.name)}>
                        <title>{`${arc.data.name}: ${format(arc.data.value)}`}</title>
                      </path>
                      <text className="bar-label" x={x} y={y} textAnchor={x >= 0 ? 'start' : 'end'} dominantBaseline="middle">
                        {format(arc.data.value)}
                      </text>
                    </g>
                  );
                })
              }
            </Pie>
          </Group>
        </svg>
      )}
      <ul className="chart-legend">
        {data.map((d) => (
          <li key={d.name}>
            <span className="chart-swatch" style={{ background: colorOf.get(d.name) }} aria-hidden="true" />
            {d.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
