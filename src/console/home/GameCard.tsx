/**
 * A running game on the console home: teams, pending reviews, submissions per minute with the last
 * hour's chart, running instances and the latest bloods, live (./useGameLiveFigures.ts).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameOverview } from '@/api/types';
import { consolePaths, useAdminPath } from '@/console/paths';
import { formatRelative } from '@/lib/time/format';
import { BloodList } from './BloodList';
import { Figure } from './Figure';
import { GameLinks } from './GameLinks';
import { HiddenMark } from './HiddenMark';
import { instancesOfGame } from './homeLinks';
import { minuteSeries, thisMinute } from './overviewUpdates';
import { useGameLiveFigures } from './useGameLiveFigures';

const SubmissionChart = lazy(() => import('./SubmissionChart'));

export function GameCard({ game, now }: { game: GameOverview; now: number }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  useGameLiveFigures(game.id);
  const series = minuteSeries(game.submissionsPerMinute, now);
  const lastHour = series.reduce((sum, bucket) => sum + bucket.count, 0);
  const headingId = `home-game-${game.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} data-testid={`home-game-${game.id}`}>
      <CardContent>
        <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap" sx={{ mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {game.title}
          </Typography>
          {game.hidden && <HiddenMark />}
          <Chip
            size="small"
            color="success"
            label={t('console.home.ends', { time: formatRelative(game.end, now, i18n.language) })}
          />
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 2,
          }}
        >
          <Figure
            testId="home-teams"
            label={t('console.home.teams')}
            value={t('console.home.teams_value', {
              accepted: game.acceptedTeams,
              total: game.teams,
            })}
          />
          <Figure
            testId="home-pending"
            label={t('console.home.pending')}
            value={game.pendingTeams}
            action={
              game.pendingTeams > 0
                ? { to: adminPath(consolePaths.review(game.id)), label: t('console.home.review') }
                : undefined
            }
          />
          <Figure
            testId="home-submissions"
            label={t('console.home.submissions')}
            value={thisMinute(game.submissionsPerMinute, now)}
          />
          <Figure
            testId="home-instances"
            label={t('console.home.instances')}
            value={game.runningInstances}
            action={{
              to: adminPath(instancesOfGame(game.title)),
              label: t('console.home.show_instances'),
            }}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('console.home.last_hour', { count: lastHour })}
        </Typography>
        <Suspense fallback={<Skeleton variant="rectangular" height={120} />}>
          <SubmissionChart series={series} />
        </Suspense>
        <Box sx={{ my: 1 }}>
          <BloodList bloods={game.bloods} now={now} />
        </Box>
        <GameLinks gameId={game.id} title={game.title} />
      </CardContent>
    </Card>
  );
}
