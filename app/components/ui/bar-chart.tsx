/**
 * A small bar chart (SVG, `role="img"`) with, unless `table` is false, a screen-reader table
 * of the same figures. A bar `over` its limit is red; `limit` draws the limit as a dashed line.
 */
export function BarChart({
  label,
  bars,
  format,
  description,
  limit,
  table = true,
  barWidth = 40,
  height = 160,
}: {
  label: string;
  bars: { key: string; label: string; value: number; over?: boolean }[];
  format: (value: number) => string;
  /** The chart's accessible name; by default the label and the highest figure. */
  description?: string;
  limit?: number;
  table?: boolean;
  barWidth?: number;
  height?: number;
}) {
  const max = Math.max(1, limit ?? 0, ...bars.map((b) => b.value));
  const width = Math.max(bars.length, 1) * barWidth;
  const y = (value: number) => height - Math.round((value / max) * height);
  return (
    <>
      <svg
        className="max-h-56 w-full"
        viewBox={`0 0 ${width} ${height + 30}`}
        role="img"
        aria-label={description ?? `${label}, highest ${format(max)}`}
      >
        {bars.map((bar, i) => (
          <g key={bar.key}>
            <title>{`${bar.key}: ${format(bar.value)}`}</title>
            <rect
              x={i * barWidth + 6}
              y={y(bar.value)}
              width={barWidth - 12}
              height={height - y(bar.value)}
              className={bar.over ? 'fill-destructive' : 'fill-primary'}
            />
            <text
              x={i * barWidth + barWidth / 2}
              y={height + 18}
              textAnchor="middle"
              className="fill-muted-foreground text-[11px]"
            >
              {bar.label}
            </text>
          </g>
        ))}
        {limit !== undefined && (
          <line
            x1={0}
            x2={width}
            y1={y(limit)}
            y2={y(limit)}
            strokeWidth={1.5}
            strokeDasharray="4 3"
            className="stroke-destructive"
          />
        )}
      </svg>
      {table && (
        <table className="sr-only">
          <caption>{label}</caption>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.key}</th>
                <td>{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
