/**
 * The chart of the top 10: each team's score as a step line from the game's start (at 0) through
 * every counted solve to now, or to the end once the game is over. Colours and text follow the
 * MUI palette, times the interface language (Intl). Pure, so it is tested without a chart.
 */
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { TopTimeLine } from '@/api/types';
import { dateTimeFormat } from '@/lib/time/format';
import { zoneOffsetLabel } from '@/lib/time/zone';

export type TimelineOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | AriaComponentOption
>;

export type Point = [time: number, score: number];

/** What the chart takes from the MUI theme. */
export interface ChartPalette {
  mode: 'light' | 'dark';
  primary: string;
  text: string;
  secondaryText: string;
  divider: string;
  paper: string;
  fontFamily: string;
}

/** Ten distinguishable line colours per mode, after the theme's primary colour for the leader. */
const LINE_COLOURS = {
  light: [
    '#d62728',
    '#1f77b4',
    '#2ca02c',
    '#9467bd',
    '#ff7f0e',
    '#8c564b',
    '#e377c2',
    '#7f7f7f',
    '#bcbd22',
  ],
  dark: [
    '#ff6b6b',
    '#64b5f6',
    '#81c784',
    '#b39ddb',
    '#ffb74d',
    '#d7b19d',
    '#f48fb1',
    '#bdbdbd',
    '#dce775',
  ],
} as const;

export const lineColours = (palette: ChartPalette): string[] => [
  palette.primary,
  ...LINE_COLOURS[palette.mode],
];

/**
 * A team's series: 0 at the start, one point per solve, and the last score held until `until`
 * (never before the last solve: the server's clock may run ahead of this one).
 */
export function seriesPoints(line: TopTimeLine, start: number, until: number): Point[] {
  const points: Point[] = [[start, 0]];
  for (const item of line.items) points.push([Math.max(item.time, start), item.score]);
  const last = points[points.length - 1];
  points.push([Math.max(until, last[0]), last[1]]);
  return points;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Axis labels: the time of day for a short game, with the date for a longer one. */
export function timeLabelFormat(span: number): Intl.DateTimeFormatOptions {
  return span > 36 * 3_600_000
    ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
    : { hour: '2-digit', minute: '2-digit' };
}

interface AxisTooltipItem {
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

export interface TimelineInput {
  lines: readonly TopTimeLine[];
  start: number;
  until: number;
  /** The caller's team, drawn thicker. */
  highlightId?: number;
  palette: ChartPalette;
  locale: string;
  /** Text for screen readers, e.g. "Score over time of the top 10 teams". */
  description: string;
  /** "{{score}} points" for the tooltip. */
  points: (score: number) => string;
}

/** The time of the latest solve on the lines (-Infinity without solves). */
const latestSolve = (lines: readonly TopTimeLine[]) =>
  Math.max(...lines.flatMap((line) => line.items.map((item) => item.time)));

export function timelineOption(input: TimelineInput): TimelineOption {
  const { lines, start, until, highlightId, palette, locale } = input;
  // `until` is "now" to the minute: a solve since must not fall off the axis until the next tick
  const end = Math.max(until, latestSolve(lines), start + 1);
  const labelTime = new Intl.DateTimeFormat(locale, timeLabelFormat(end - start));
  // the tooltip's date says its zone, and so does the axis (its name): the browser's zone
  const tooltipTime = dateTimeFormat(locale);

  const tooltip = (raw: unknown) => {
    const items = (Array.isArray(raw) ? raw : [raw]) as AxisTooltipItem[];
    const time = Number((items[0]?.value as Point | undefined)?.[0] ?? items[0]?.axisValue);
    const rows = items
      .map((item) => ({ item, score: Number((item.value as Point | undefined)?.[1] ?? 0) }))
      .sort((a, b) => b.score - a.score)
      .map(
        ({ item, score }) =>
          `${typeof item.marker === 'string' ? item.marker : ''}${escapeHtml(item.seriesName ?? '')}` +
          `<span style="float:right;margin-left:16px;font-weight:600">${escapeHtml(input.points(score))}</span>`,
      );
    const head = Number.isFinite(time) ? escapeHtml(tooltipTime.format(time)) : '';
    return [`<div style="margin-bottom:4px">${head}</div>`, ...rows].join('<br/>');
  };

  return {
    aria: { enabled: true, label: { description: input.description } },
    color: lineColours(palette),
    textStyle: { fontFamily: palette.fontFamily, color: palette.text },
    animationDuration: 300,
    grid: {
      left: 8,
      right: 24,
      top: 48,
      bottom: 28,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: {
      type: 'scroll',
      top: 0,
      textStyle: { color: palette.text },
      pageTextStyle: { color: palette.secondaryText },
      pageIconColor: palette.text,
      pageIconInactiveColor: palette.divider,
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: palette.paper,
      borderColor: palette.divider,
      textStyle: { color: palette.text, fontFamily: palette.fontFamily },
      formatter: tooltip,
    },
    xAxis: {
      type: 'time',
      min: start,
      max: end,
      name: zoneOffsetLabel(end),
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { color: palette.secondaryText },
      axisLabel: {
        color: palette.secondaryText,
        hideOverlap: true,
        formatter: (value: number) => labelTime.format(value),
      },
      axisLine: { lineStyle: { color: palette.divider } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      axisLabel: { color: palette.secondaryText },
      splitLine: { lineStyle: { color: palette.divider } },
    },
    series: lines.map((line) => {
      const mine = line.id === highlightId;
      return {
        type: 'line',
        id: String(line.id),
        name: line.name,
        step: 'end',
        showSymbol: false,
        symbolSize: 6,
        z: mine ? 3 : 2,
        lineStyle: { width: mine ? 3.5 : 2 },
        emphasis: { focus: 'series' },
        data: seriesPoints(line, start, end),
      };
    }),
  };
}
