/**
 * The top-10 chart, drawn with ECharts' tree-shaken core (line chart, grid, tooltip, legend, aria;
 * SVG renderer). The scoreboard page loads this module on demand, so the chart library is
 * its own chunk and never part of the shell.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopTimeLine } from '@/api/types';
import { timelineOption, type ChartPalette } from './timelineOption';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  AriaComponent,
  SVGRenderer,
]);

export interface ScoreTimelineProps {
  lines: readonly TopTimeLine[];
  start: number;
  /** Now while the game runs, its end after. */
  until: number;
  highlightId?: number;
  height?: number;
}

export default function ScoreTimeline({
  lines,
  start,
  until,
  highlightId,
  height = 320,
}: ScoreTimelineProps) {
  const theme = useTheme();
  const { t, i18n } = useTranslation();
  const { palette, typography } = theme;
  const chartPalette: ChartPalette = useMemo(
    () => ({
      mode: palette.mode,
      primary: palette.primary.main,
      text: palette.text.primary,
      secondaryText: palette.text.secondary,
      divider: palette.divider,
      paper: palette.background.paper,
      fontFamily: String(typography.fontFamily),
    }),
    [palette, typography.fontFamily],
  );
  const option = useMemo(
    () =>
      timelineOption({
        lines,
        start,
        until,
        highlightId,
        palette: chartPalette,
        locale: i18n.language,
        description: t('scoreboard.timeline.description', { count: lines.length }),
        points: (score) => t('scoreboard.team.points', { count: score }),
      }),
    [lines, start, until, highlightId, chartPalette, i18n.language, t],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      opts={{ renderer: 'svg', locale: 'EN' }}
      style={{ height, width: '100%' }}
    />
  );
}
