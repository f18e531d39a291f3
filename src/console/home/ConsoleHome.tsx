/**
 * The console's home at `/admin`: each running game's live figures (./GameCard.tsx), then the next
 * upcoming games and those ended in the last day, smaller; the site's errors in the log over the
 * last hour; what to do next while no game runs. The figures come from ./useOverview.ts.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GameOverview } from '@/api/types';
import { useNow } from '@/lib/time/useNow';
import { EmptyHome } from './EmptyHome';
import { ErrorsFigure } from './ErrorsFigure';
import { GameCard } from './GameCard';
import { GameSummaryCard } from './GameSummaryCard';
import { useOverview } from './useOverview';

function Section({
  title,
  games,
  now,
}: {
  title: string;
  games: readonly GameOverview[];
  now: number;
}) {
  if (games.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(280px, 1fr))' },
          gap: 2,
        }}
      >
        {games.map((game) => (
          <GameSummaryCard key={game.id} game={game} now={now} />
        ))}
      </Box>
    </Box>
  );
}

export function ConsoleHome() {
  const { t } = useTranslation();
  const { data, isPending, isError, hub } = useOverview();
  // The minute of the chart's last bar; relative times ("in 5 minutes") follow too.
  const now = useNow(10_000);
  if (isPending) return <CircularProgress aria-label={t('console.home.loading')} sx={{ m: 4 }} />;
  if (isError || !data) return <Alert severity="error">{t('console.home.failed')}</Alert>;
  const of = (phase: GameOverview['phase']) => data.games.filter((game) => game.phase === phase);
  const running = of('Running');
  return (
    <Stack gap={3} sx={{ mt: 2, mb: 4 }}>
      {/* the page's title, "Dashboard", is the app bar's main heading */}
      <Stack direction="row" justifyContent="flex-end">
        <Typography variant="body2" color="text.secondary" role="status">
          {t(`resources.logs.live.${hub}`)}
        </Typography>
      </Stack>
      <ErrorsFigure count={data.errorsLastHour} />
      <Box component="section" aria-label={t('console.home.running')}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('console.home.running')}
        </Typography>
        {running.length === 0 ? (
          <EmptyHome />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            {running.map((game) => (
              <GameCard key={game.id} game={game} now={now} />
            ))}
          </Box>
        )}
      </Box>
      <Section title={t('console.home.upcoming')} games={of('Upcoming')} now={now} />
      <Section title={t('console.home.ended')} games={of('Ended')} now={now} />
    </Stack>
  );
}
