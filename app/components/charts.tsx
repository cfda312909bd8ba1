// Charts drawn as SVG by the page itself (no charting library on any page's first load): columns
// for a figure over time, bars for a ranking. Each is a figure whose caption names it, and carries
// the same figures as a table beside it, for a screen reader and for anyone who wants the numbers.
import { useId } from "react";

export interface ChartRow {
  label: string;
  value: number;
  /** The value as the table and the bar's end show it ("$1,250.00", "12"). */
  shown: string;
  /** More cells for the table, under `more`'s headings. */
  more?: string[];
}

interface ChartProps {
  title: string;
  kind: "columns" | "bars";
  rows: ChartRow[];
  /** The table's headings: what the rows are, what the value is, and any more columns. */
  headings: [string, string, ...string[]];
  /** The axis labels (columns): how a value reads in short, e.g. "$1.2K". */
  axis?: (value: number) => string;
  /** A line across the columns, e.g. a monthly spend limit. */
  reference?: { value: number; label: string };
}

const WIDTH = 640;
const scrollingBox =
  "max-h-80 overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const compactUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact" });

/** An axis in dollars, in short: "$1.2K". */
export const dollarAxis = (value: number) => compactUsd.format(value);

export function Chart({ title, kind, rows, headings, axis = (value) => compact.format(value), reference }: ChartProps) {
  const titleId = useId();
  const top = Math.max(1, reference?.value ?? 0, ...rows.map((row) => row.value));
  return (
    <figure aria-labelledby={titleId} className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <figcaption id={titleId} className="font-semibold text-slate-950 lg:col-span-2">
        {title}
      </figcaption>
      {rows.length === 0 ? (
        <p className="text-slate-700 lg:col-span-2">Nothing to show yet.</p>
      ) : kind === "columns" ? (
        <Columns titleId={titleId} rows={rows} top={top} axis={axis} reference={reference} />
      ) : (
        <Bars titleId={titleId} rows={rows} top={top} />
      )}
      {rows.length > 0 && (
        <>
          {/* A long table scrolls in its box, which the keyboard can reach and scroll too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section aria-label={`${title}: the figures`} tabIndex={0} className={scrollingBox}>
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
                <tr>
                  {headings.map((heading, index) => (
                    <th key={heading} scope="col" className={`px-3 py-2 font-medium ${index > 0 ? "text-right" : ""}`}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-900">
                      {row.label}
                    </th>
                    {[row.shown, ...(row.more ?? [])].map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                      <td key={index} className="px-3 py-1.5 text-right tabular-nums text-slate-900">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </figure>
  );
}

function Columns({
  titleId,
  rows,
  top,
  axis,
  reference,
}: {
  titleId: string;
  rows: ChartRow[];
  top: number;
  axis: (value: number) => string;
  reference?: { value: number; label: string };
}) {
  const height = 220;
  const left = 48;
  const bottom = 24;
  const plot = height - bottom - 8;
  const slot = (WIDTH - left) / Math.max(1, rows.length);
  const y = (value: number) => 8 + plot - (value / top) * plot;
  // About six labels under the columns, however many there are.
  const every = Math.max(1, Math.ceil(rows.length / 6));
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full text-xs"
      preserveAspectRatio="xMidYMid meet"
    >
      {[0, 0.5, 1].map((share) => (
        <g key={share}>
          <line x1={left} x2={WIDTH} y1={y(top * share)} y2={y(top * share)} className="stroke-slate-200" />
          <text x={left - 6} y={y(top * share) + 4} textAnchor="end" className="fill-slate-600">
            {axis(top * share)}
          </text>
        </g>
      ))}
      {rows.map((row, index) => (
        <g key={row.label}>
          <rect
            x={left + index * slot + slot * 0.15}
            y={y(row.value)}
            width={slot * 0.7}
            height={Math.max(0, y(0) - y(row.value))}
            className="fill-brand-700"
          >
            <title>{`${row.label}: ${row.shown}`}</title>
          </rect>
          {index % every === 0 && (
            <text x={left + index * slot + slot / 2} y={height - 6} textAnchor="middle" className="fill-slate-600">
              {row.label}
            </text>
          )}
        </g>
      ))}
      {reference && (
        <g>
          <line
            x1={left}
            x2={WIDTH}
            y1={y(reference.value)}
            y2={y(reference.value)}
            strokeDasharray="6 4"
            strokeWidth={2}
            className="stroke-amber-600"
          />
          <text x={WIDTH - 4} y={y(reference.value) - 6} textAnchor="end" className="fill-amber-800 font-medium">
            {reference.label}
          </text>
        </g>
      )}
    </svg>
  );
}

function Bars({ titleId, rows, top }: { titleId: string; rows: ChartRow[]; top: number }) {
  const row = 28;
  const labelWidth = 200;
  const valueWidth = 90;
  const plot = WIDTH - labelWidth - valueWidth;
  const height = Math.max(row, rows.length * row);
  return (
    <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full text-xs">
      {rows.map((bar, index) => (
        <g key={bar.label} transform={`translate(0 ${index * row})`}>
          <text x={labelWidth - 8} y={row / 2 + 4} textAnchor="end" className="fill-slate-800">
            {bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label}
          </text>
          <rect
            x={labelWidth}
            y={5}
            width={Math.max(bar.value > 0 ? 2 : 0, (bar.value / top) * plot)}
            height={row - 10}
            className="fill-brand-700"
          >
            <title>{`${bar.label}: ${bar.shown}`}</title>
          </rect>
          <text x={labelWidth + (bar.value / top) * plot + 6} y={row / 2 + 4} className="fill-slate-800">
            {bar.shown}
          </text>
        </g>
      ))}
    </svg>
  );
}
