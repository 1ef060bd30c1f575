import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LoadingValue, UnavailableValue } from './usage-value';

export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  color: string;
  /** Drawn as bars (counts per bucket) rather than a line. */
  bars?: boolean;
  /** Dots on the values: for series with gaps, where a lone bucket has no line to draw. */
  points?: boolean;
  /** The legend's value when no bucket is pointed at (e.g. the range's total), instead of uPlot's "--". */
  idle?: string;
}

const HEIGHT = 190;
const AXIS = { stroke: '#64748b', grid: { stroke: '#eef1f5', width: 1 }, ticks: { stroke: '#e2e8f0', width: 1 }, font: '11px system-ui, sans-serif' };

/**
 * A time-series chart (uPlot, canvas): its title is the figure's caption and its
 * totals the image's text, for readers that cannot see the canvas.
 */
/** Room for the longest tick label of the y axis. */
function axisWidth(_chart: uPlot, values: string[] | null): number {
  const longest = Math.max(3, ...(values ?? []).map((v) => v.length));
  return 16 + longest * 7;
}

/** Whole-number steps for charts of counts, so an axis never reads 0.25 requests. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7, 1e8, 1e9];

/** A bucket's start in the legend, as the reader's clock says it. */
function bucketTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
}

/**
 * `status`: the numbers are not there yet (`loading`) or could not be read (`unavailable`):
 * the figure says so instead of drawing zeros. `idleTime` heads the legend when no bucket is
 * pointed at (the range, e.g. "Last hour"), beside each series' `idle` value.
 */
export function TimeChart({ title, times, series, format, summary, counts, status, idleTime = '' }: { title: string; times: readonly number[]; series: readonly ChartSeries[]; format: (value: number) => string; summary: string; counts?: boolean; status?: 'loading' | 'unavailable'; idleTime?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element || status) return;
    const step = times.length > 1 ? times[1] - times[0] : 60;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      series: [
        { label: 'Time', value: (_chart: uPlot, value: number | null) => (value === null || value === undefined ? idleTime : bucketTime(value)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.bars ? 0 : 2,
          fill: s.bars ? s.color : `${s.color}14`,
          paths: s.bars ? uPlot.paths.bars!({ size: [0.72, 24], align: 1 }) : undefined,
          points: { show: s.points === true, size: 5, width: 1 },
          // uPlot asks with no index when the cursor is off the chart: the series' idle value then.
          value: (_chart: uPlot, value: number | null, _series: number, index: number | null) => (index === null || index === undefined ? (s.idle ?? '') : value === null || value === undefined ? '—' : format(value)),
        })),
      ],
      axes: [AXIS, { ...AXIS, size: axisWidth, values: (_chart, ticks) => ticks.map(format), ...(counts ? { incrs: COUNT_STEPS } : {}) }],
      scales: {
        // Each bar fills its bucket, from its start: the last one needs a bucket of room after it.
        x: { time: true, range: (_chart, min, max) => [min, max + step] },
        y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.12 : 1] },
      },
      cursor: { drag: { x: false, y: false, setScale: false } },
      legend: { live: true },
    };
    const chart = new uPlot(options, [times as number[], ...series.map((s) => s.values as Array<number | null>)], element);
    // The legend starts as "--" until the cursor first moves: fill it with the idle values at once.
    chart.setLegend({ idxs: Array<null>(series.length + 1).fill(null) });
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, series, format, counts, status, idleTime]);
  if (status) {
    return (
      <figure className="chart">
        <figcaption>{title}</figcaption>
        <div className="chart-canvas chart-placeholder">{status === 'loading' ? <LoadingValue /> : <UnavailableValue />}</div>
      </figure>
    );
  }
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div ref={holder} className="chart-canvas" role="img" aria-label={`${title}: ${summary}`} />
    </figure>
  );
}
