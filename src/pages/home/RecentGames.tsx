/** The home page's games: those closest to now, running first, then upcoming, then ended. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/time/useNow';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useRecentGames } from '@/hooks/recentGames';
import { GameCard, GameCardSkeleton } from '@/components/games/GameCard';
import { groupGames, SECTION_ORDER } from '@/components/games/groupGames';
import { SectionHeading } from './SectionHeading';
import { playerPaths } from '@/lib/paths';

/** Two rows of three on a laptop. */
export const HOME_GAMES = 6;
const cardSize = { xs: 12, sm: 6, md: 4 } as const;
const MINUTE = 60_000;

function Games() {
  const { t } = useTranslation();
  const query = useRecentGames(HOME_GAMES);
  // the cards only need the minute; phases are recomputed with it
  const now = Math.floor(useNow(MINUTE) / MINUTE) * MINUTE;

  if (query.isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        <Grid container spacing={2}>
          {Array.from({ length: 3 }, (_, index) => (
            <Grid key={index} size={cardSize}>
              <GameCardSkeleton />
            </Grid>
          ))}
        </Grid>
        <SlowLoadingHint loading />
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        error={query.error}
        title={t('home.games.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.data.length === 0) {
    return <Typography color="text.secondary">{t('home.games.empty')}</Typography>;
  }
  const groups = groupGames(query.data, now);
  return (
    <Grid container spacing={2}>
      {SECTION_ORDER.flatMap((phase) =>
        groups[phase].map((game) => (
          <Grid key={game.id} size={cardSize}>
            <GameCard game={game} phase={phase} now={now} />
          </Grid>
        )),
      )}
    </Grid>
  );
}

export function RecentGames() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-games">
      <SectionHeading id="home-games" title={t('home.games.title')}>
        <Button component={RouterLink} to={playerPaths.games} size="small">
          {t('home.games.all')}
        </Button>
      </SectionHeading>
      <Games />
    </Box>
  );
}
