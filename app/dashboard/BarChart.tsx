/**
 * A bar chart in plain HTML and CSS: each bar stands centred over its own
 * label, and a tooltip gives its exact figure — on hover, and from the
 * keyboard (the chart is one tab stop; ← → move between bars, as in a
 * listbox). No chart library: a few dozen bars need no canvas, and the
 * dashboard's chunk stays small enough to open at once.
 */
import { type KeyboardEvent, useId, useState } from "react";

export interface Bar {
  key: string;
  /** Under the bar; left empty to thin out a crowded axis (the tooltip still names it). */
  axisLabel: string;
  value: number;
  /** The whole figure, for the tooltip and assistive technology: "3 Mar: 4 items added". */
  description: string;
  /** A CSS colour; the accent unless set. */
  color?: string;
}

export interface BarChartProps {
  /** What the chart shows: "Items by status". */
  label: string;
  bars: readonly Bar[];
  /** The figure at the top of the scale, formatted ("12", "€1,200.00"). */
  formatValue?: (value: number) => string;
  height?: number;
}

/** A round number at or above `max` for the scale's top: 1, 2, 5 × a power of ten. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

export function BarChart({
  label,
  bars,
  formatValue = (value) => value.toLocaleString(),
  height = 200,
}: BarChartProps) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));

  function onKeyDown(event: KeyboardEvent) {
    const last = bars.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      ArrowLeft: Math.max(0, (active ?? bars.length) - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? null);
    } else if (event.key === "Escape") setActive(null);
  }

  const shown = active === null ? null : bars[active];
  return (
    <figure className="bar-chart" aria-label={label} style={{ height }}>
      <div className="bar-chart-scale" aria-hidden="true">
        <span>{formatValue(top)}</span>
        <span>{formatValue(0)}</span>
      </div>
      <div className="bar-chart-plot">
        <div
          className="bar-chart-bars"
          // One tab stop; the bar under the arrow keys is announced through aria-activedescendant.
          tabIndex={0}
          role="listbox"
          aria-label={label}
          aria-activedescendant={active === null ? undefined : `${id}-${active}`}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((current) => current ?? bars.length - 1)}
          onBlur={() => setActive(null)}
          onMouseLeave={() => setActive(null)}
        >
          {bars.map((bar, index) => (
            <div
              key={bar.key}
              id={`${id}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              aria-label={bar.description}
              className={index === active ? "bar-slot active" : "bar-slot"}
              onMouseEnter={() => setActive(index)}
            >
              <span className="bar-track">
                <span
                  className="bar"
                  style={{ height: `${(bar.value / top) * 100}%`, background: bar.color }}
                  data-value={bar.value}
                />
              </span>
              <span className="bar-axis-label" aria-hidden="true">
                {bar.axisLabel}
              </span>
            </div>
          ))}
        </div>
        {shown && (
          <div
            className="bar-chart-tooltip"
            role="tooltip"
            style={{ left: `${((active! + 0.5) / bars.length) * 100}%` }}
            data-testid="chart-tooltip"
          >
            {shown.description}
          </div>
        )}
      </div>
    </figure>
  );
}
