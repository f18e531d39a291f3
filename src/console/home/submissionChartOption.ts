/**
 * The small chart of a game's submissions per minute on the console home: one bar per minute of the
 * last hour, the current minute last, in the theme's primary colour, with the interface language's
 * times (the axis names their zone) in the tooltip and a description for screen readers (ECharts' aria). Pure, so it is tested
 * without a chart.
 */
import type { BarSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { SubmissionMinute } from '@/api/types';
import { zoneOffsetLabel } from '@/lib/time/zone';

export type SubmissionChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption
>;

export interface SubmissionChartInput {
  series: readonly SubmissionMinute[];
  colour: string;
  textColour: string;
  locale: string;
  /** What a screen reader hears for the whole chart. */
  description: string;
}

export function submissionChartOption({
  series,
  colour,
  textColour,
  locale,
  description,
}: SubmissionChartInput): SubmissionChartOption {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  return {
    animation: false,
    aria: { enabled: true, label: { description } },
    grid: { left: 4, right: 4, top: 8, bottom: 22, containLabel: true },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      data: series.map((bucket) => time.format(bucket.minute)),
      // the times are the browser's: the axis names the zone (issue 23)
      name: zoneOffsetLabel(series.at(-1)?.minute),
      nameLocation: 'middle',
      nameGap: 24,
      nameTextStyle: { color: textColour },
      axisLabel: { color: textColour, interval: 14, hideOverlap: true },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: textColour },
      splitNumber: 2,
    },
    series: [
      {
        type: 'bar',
        data: series.map((bucket) => bucket.count),
        itemStyle: { color: colour },
        barCategoryGap: '20%',
      },
    ],
  };
}
