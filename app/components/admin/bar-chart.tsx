import type { ChartPoint } from "~/admin/insights.server";
import { groupThousands } from "~/lib/count-text";

/**
 * A small bar chart drawn on the server as inline SVG (no chart library, no JavaScript). The SVG
 * is decorative for assistive technology (aria-hidden); the same numbers follow in a table that
 * screen readers read and sighted people can open.
 */
export function BarChart({
  title,
  points,
  label,
  longLabel,
}: {
  title: string;
  points: ChartPoint[];
  /** Short label under each bar, e.g. "12/05" or "mai". */
  label: (start: string) => string;
  /** The period as the table names it, e.g. "semana de 12/05/2026". */
  longLabel: (start: string) => string;
}) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const width = 360;
  const height = 160;
  const chartHeight = 120;
  const margin = 14;
  const slot = width / Math.max(1, points.length);
  const barWidth = slot * 0.6;
  const total = points.reduce((sum, point) => sum + point.value, 0);
  // Up to 12 bars carry their own labels; a longer series (52 weeks) labels every nth bar and
  // leaves the exact numbers to the table below, so nothing overlaps on a phone.
  const labelEvery = Math.ceil(points.length / 12);
  const showValues = labelEvery === 1;
  return (
    <figure className="rounded-2xl border border-line bg-white p-5 shadow-card">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-bold text-ink">{title}</span>
        <span className="text-sm text-ink-muted">Total: {groupThousands(total)}</span>
      </figcaption>
      {/* The side margins keep the first and last labels, centred under their bars, inside. */}
      <svg
        viewBox={`${-margin} 0 ${width + 2 * margin} ${height}`}
        className="mt-4 h-auto w-full"
        aria-hidden="true"
      >
        <line x1="0" y1={chartHeight} x2={width} y2={chartHeight} className="stroke-line" />
        {points.map((point, index) => {
          const barHeight = (point.value / max) * (chartHeight - 16);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={point.start}>
              <rect
                x={x}
                y={chartHeight - barHeight}
                width={barWidth}
                height={Math.max(barHeight, point.value > 0 ? 2 : 0)}
                rx="3"
                className="fill-brand-600"
              />
              {showValues && point.value > 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={chartHeight - barHeight - 4}
                  textAnchor="middle"
                  className="fill-ink text-[10px] font-semibold"
                >
                  {point.value}
                </text>
              ) : null}
              {index % labelEvery === 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={chartHeight + 16}
                  textAnchor="middle"
                  className="fill-ink-muted text-[9px]"
                >
                  {label(point.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800 focus-ring">
          Ver os números
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-ink-muted">
              <th scope="col" className="py-1 font-semibold">
                Período
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Quantidade
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.start} className="border-t border-line">
                <td className="py-1">{longLabel(point.start)}</td>
                <td className="py-1 text-right">{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
