export interface Bar {
  label: string;
  value: number;
  /** The same point of the previous period, drawn as a thin grey bar beside it. */
  previous?: number;
}

/**
 * A small bar chart in SVG (no chart library: three charts do not need one). Each bar carries its figure
 * as a tooltip; the figure as a whole is described by `summary` for screen readers.
 */
export function BarChart({
  bars,
  summary,
  format = String,
  height = 160,
}: {
  bars: Bar[];
  summary: string;
  format?: (value: number) => string;
  height?: number;
}) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.previous ?? 0)));
  const slot = 100 / Math.max(1, bars.length);
  const labelEvery = Math.ceil(bars.length / 10);
  return (
    <svg
      className="adm-chart"
      viewBox={`0 0 100 ${height / 4 + 8}`}
      role="img"
      aria-label={summary}
      preserveAspectRatio="none"
    >
      {bars.map((bar, i) => {
        const h = (bar.value / max) * (height / 4);
        const ph = bar.previous === undefined ? 0 : (bar.previous / max) * (height / 4);
        const x = i * slot;
        const base = height / 4;
        return (
          <g key={bar.label}>
            {bar.previous !== undefined && (
              <rect
                className="adm-chart-previous"
                x={x + slot * 0.1}
                y={base - ph}
                width={slot * 0.3}
                height={ph}
              >
                <title>{`${bar.label}: ${format(bar.previous)}`}</title>
              </rect>
            )}
            <rect
              className="adm-chart-bar"
              x={x + slot * (bar.previous === undefined ? 0.15 : 0.4)}
              y={base - h}
              width={slot * (bar.previous === undefined ? 0.7 : 0.5)}
              height={h}
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text className="adm-chart-label" x={x + slot / 2} y={base + 6} textAnchor="middle">
                {bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The change against the previous period, as +12% / −5% / '—' when there was nothing before. */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? '0%' : '—';
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
}
