/**
 * The card around the top-10 chart. The chart and its library load on demand (their own chunk),
 * after the table; until then a placeholder of the same size keeps the page from jumping.
 */
import { lazy, Suspense } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TopTimeLine } from '@/api/types';
import { useNow } from '@/lib/time/useNow';

const ScoreTimeline = lazy(() => import('./ScoreTimeline'));

const CHART_HEIGHT = { xs: 260, md: 340 } as const;

export interface TimelineCardProps {
  lines: readonly TopTimeLine[];
  start: number;
  end: number;
  /** The division whose top 10 is shown, or undefined for every team. */
  division: string | undefined;
  highlightId: number | undefined;
  /** The narrow layout (phones): a shorter chart. */
  compact: boolean;
}

export function TimelineCard({
  lines,
  start,
  end,
  division,
  highlightId,
  compact,
}: TimelineCardProps) {
  const { t } = useTranslation();
  // the lines reach "now" while the game runs; a minute's precision is plenty
  const now = useNow(60_000);
  const height = compact ? CHART_HEIGHT.xs : CHART_HEIGHT.md;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="scoreboard-timeline"
      sx={{ p: 2 }}
    >
      <Stack spacing={1}>
        <Typography id="scoreboard-timeline" variant="h6" component="h2">
          {division
            ? t('scoreboard.timeline.title_division', { division })
            : t('scoreboard.timeline.title')}
        </Typography>
        {lines.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('scoreboard.timeline.empty')}
          </Typography>
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
            <ScoreTimeline
              lines={lines}
              start={start}
              until={Math.min(now, end)}
              highlightId={highlightId}
              height={height}
            />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
