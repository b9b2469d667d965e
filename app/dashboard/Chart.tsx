/**
 * One uPlot chart that fills its box and follows the data. uPlot is loaded
 * with the dashboard only (the dashboard is a lazy chunk). The box has a
 * fixed height, so live updates never move the page.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartProps {
  /** What the chart shows, for screen readers (the figures are also in a table). */
  label: string;
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height?: number;
}

export function Chart({ label, options, data, height = 220 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The latest data, for a chart made anew when the options change.
  const latest = useRef(data);
  latest.current = data;

  // Made once per set of options; data changes go through setData.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot({ ...options, width: element.clientWidth || 320, height }, latest.current, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 320, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return <div ref={box} className="chart" role="img" aria-label={label} style={{ minHeight: height }} />;
}
