import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimeLineSeries {
  label: string;
  color: string;
  /** One value per time, in the times' order. */
  values: readonly number[];
  /** The exact figure shown in the legend for the time under the cursor (an index into the times). */
  formatValue: (index: number) => string;
  /** A figure holds until the next time (snapshots), rather than a line between points (prices). */
  steps?: boolean;
  /** Dots at each time (few points). */
  marks?: boolean;
}

export interface TimeLineChartProps {
  /** Oldest first. */
  times: readonly Date[];
  /** The legend's name for the time under the cursor ('Date', 'Time'), translated. */
  timeLabel: string;
  series: readonly TimeLineSeries[];
  height: number;
  /** The time axis's tick labels, and the time shown in the legend under the cursor. */
  formatTick: (time: Date) => string;
  formatTime: (index: number) => string;
  /** The value axis's tick labels (short: the legend has the exact figures). */
  formatValueTick: (value: number) => string;
  /** The least room between two time ticks, in px: a tick label's width and a gap. */
  tickSpace?: number;
}

/** Half a day either side of a lone time, or its line would span whatever range the library picks. */
const LONE_TIME_PADDING_S = 12 * 60 * 60;

const AXIS_FONT = '12px Manrope, sans-serif';
const AXIS_COLOR = '#5C5546';
const GRID_COLOR = 'rgba(0, 0, 0, 0.08)';

/** The container's width, with a floor so a collapsed container still gets a readable chart. */
const widthOf = (element: HTMLElement) => Math.max(element.clientWidth, 200);

let canvasSupport: boolean | undefined;
/** Every browser the console supports draws on a canvas; a test DOM (jsdom) does not. */
const canDraw = () =>
  (canvasSupport ??= typeof ResizeObserver === 'function' && document.createElement('canvas').getContext('2d') !== null);

/**
 * A line chart over time, drawn by uPlot on a canvas (about 20 KB, against 71 KB for the MUI X
 * chart it replaced): the legend under it names the lines and, as the pointer moves over the
 * chart, shows the time and the exact figures there. The chart fills its container's width.
 */
export function TimeLineChart({
  times,
  timeLabel,
  series,
  height,
  formatTick,
  formatTime,
  formatValueTick,
  tickSpace = 60,
}: TimeLineChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    // Without a canvas the caption stands alone.
    if (!element || !canDraw()) return;
    const data: uPlot.AlignedData = [times.map((time) => time.getTime() / 1000), ...series.map((line) => [...line.values])];
    const first = data[0][0] ?? 0;
    const last = data[0].at(-1) ?? first;
    const timeRange: uPlot.Range.MinMax = first === last ? [first - LONE_TIME_PADDING_S, last + LONE_TIME_PADDING_S] : [first, last];
    const options: uPlot.Options = {
      width: widthOf(element),
      height,
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: () => timeRange },
      },
      legend: { live: true },
      axes: [
        {
          font: AXIS_FONT,
          stroke: AXIS_COLOR,
          space: tickSpace,
          grid: { stroke: GRID_COLOR },
          ticks: { stroke: GRID_COLOR },
          values: (_chart, ticks) => ticks.map((tick) => formatTick(new Date(tick * 1000))),
        },
        {
          font: AXIS_FONT,
          stroke: AXIS_COLOR,
          size: 64,
          grid: { stroke: GRID_COLOR },
          ticks: { stroke: GRID_COLOR },
          values: (_chart, ticks) => ticks.map(formatValueTick),
        },
      ],
      series: [
        { label: timeLabel, value: (_chart, _value, _series, index) => (index === null ? '' : formatTime(index)) },
        ...series.map((line): uPlot.Series => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          points: { show: line.marks ?? false, fill: line.color },
          paths: line.steps ? uPlot.paths.stepped!({ align: 1 }) : undefined,
          value: (_chart, _value, _series, index) => (index === null ? '' : line.formatValue(index)),
        })),
      ],
    };
    const chart = new uPlot(options, data, element);
    // The observer reports the size it starts with too: only a new width is drawn again.
    const resize = new ResizeObserver(() => {
      const width = widthOf(element);
      if (width !== chart.width) chart.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, timeLabel, series, height, formatTick, formatTime, formatValueTick, tickSpace]);

  return (
    <Box
      ref={container}
      sx={{
        width: '100%',
        minHeight: height,
        // The legend in the console's type, each line's name and figure on one line.
        '& .u-legend': { font: AXIS_FONT, color: 'text.secondary' },
        '& .u-legend .u-value': { color: 'text.primary', fontVariantNumeric: 'tabular-nums' },
      }}
    />
  );
}
