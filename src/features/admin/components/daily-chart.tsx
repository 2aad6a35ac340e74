import { useId } from 'react';
import type { AdminOverview } from '@contract/entities';
import { formatDate } from '@/lib/dates';
import { formatNaira } from '@/lib/money';

type Day = AdminOverview['daily'][number];

const W = 600;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 4, left: 8 };

/** "2026-11-02" → epoch ms at noon UTC, so the displayed day never shifts by time zone. */
function dayMs(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

/**
 * The last 30 days of successful sales: bars for the value, a line for the count. Drawn in
 * plain SVG (no chart library). The picture is hidden from assistive technology; the same
 * figures are in a visually hidden table right after it.
 */
export function DailyChart({ daily }: { daily: Day[] }) {
  const titleId = useId();
  const maxValue = Math.max(1, ...daily.map((d) => d.value));
  const maxCount = Math.max(1, ...daily.map((d) => d.count));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, daily.length);
  const x = (i: number) => PAD.left + i * slot;
  const totalValue = daily.reduce((sum, d) => sum + d.value, 0);
  const totalCount = daily.reduce((sum, d) => sum + d.count, 0);
  const line = daily
    .map((d, i) => {
      const cx = x(i) + slot / 2;
      const cy = PAD.top + innerH - (d.count / maxCount) * innerH;
      return `${i === 0 ? 'M' : 'L'}${cx.toFixed(1)},${cy.toFixed(1)}`;
    })
    .join(' ');

  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-3">
      <figcaption id={titleId} className="flex flex-col gap-1">
        <span className="font-semibold">Successful transactions, last 30 days</span>
        <span className="text-sm text-muted">
          {totalCount} transactions worth {formatNaira(totalValue)}.{' '}
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand" /> value
          </span>{' '}
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-fg" /> count
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-48 w-full text-brand md:h-60"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className="stroke-border"
          strokeWidth="1"
        />
        {daily.map((d, i) => {
          const h = (d.value / maxValue) * innerH;
          return (
            <rect
              key={d.day}
              x={x(i) + slot * 0.15}
              width={slot * 0.7}
              y={PAD.top + innerH - h}
              height={h}
              rx="2"
              fill="currentColor"
              opacity="0.85"
            />
          );
        })}
        {daily.length > 0 ? (
          <path
            d={line}
            fill="none"
            className="stroke-fg"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
      {daily.length > 0 ? (
        <div aria-hidden="true" className="-mt-2 flex justify-between text-xs text-muted">
          <span>{formatDate(dayMs(daily[0]!.day))}</span>
          <span>{formatDate(dayMs(daily[daily.length - 1]!.day))}</span>
        </div>
      ) : null}
      <table className="sr-only">
        <caption>Successful transactions per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Value</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDate(dayMs(d.day))}</th>
              <td>{formatNaira(d.value)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
