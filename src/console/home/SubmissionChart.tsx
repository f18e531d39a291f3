/**
 * A game's submissions per minute over the last hour, as bars (ECharts' tree-shaken core, the
 * library the scoreboard's timeline uses; SVG renderer). Loaded on demand by ./GameCard.tsx, so the
 * chart library stays its own chunk.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmissionMinute } from '@/api/types';
import { submissionChartOption } from './submissionChartOption';

echarts.use([BarChart, GridComponent, TooltipComponent, AriaComponent, SVGRenderer]);

export default function SubmissionChart({ series }: { series: readonly SubmissionMinute[] }) {
  const { palette } = useTheme();
  const { t, i18n } = useTranslation();
  const total = series.reduce((sum, bucket) => sum + bucket.count, 0);
  const option = useMemo(
    () =>
      submissionChartOption({
        series,
        colour: palette.primary.main,
        textColour: palette.text.secondary,
        locale: i18n.language,
        description: t('console.home.chart_description', { count: total }),
      }),
    [series, palette, i18n.language, t, total],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      opts={{ renderer: 'svg', locale: 'EN' }}
      style={{ height: 120, width: '100%' }}
    />
  );
}
