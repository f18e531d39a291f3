/**
 * `/games` — every public game as a card, in three sections: running, upcoming, ended. Older
 * games load a page at a time.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SportsScoreIcon from '@mui/icons-material/SportsScore';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';
import { useNow } from '@/lib/time/useNow';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useGames, type GamePhase } from '@/hooks/games';
import type { PublicGame } from '@/api/types';
import { GameCard, GameCardSkeleton } from '@/components/games/GameCard';
import { groupGames, SECTION_ORDER } from '@/components/games/groupGames';

const SKELETON_CARDS = 6;
const cardSize = { xs: 12, sm: 6, md: 4 } as const;

function GameSection({
  phase,
  games,
  now,
}: {
  phase: GamePhase;
  games: PublicGame[];
  now: number;
}) {
  const { t } = useTranslation();
  const headingId = `games-${phase}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
        {t(`games.list.sections.${phase}`)}
      </Typography>
      <Grid container spacing={2}>
        {games.map((game) => (
          <Grid key={game.id} size={cardSize}>
            <GameCard game={game} phase={phase} now={now} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function LoadingGames() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Grid container spacing={2}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Grid key={index} size={cardSize}>
            <GameCardSkeleton />
          </Grid>
        ))}
      </Grid>
      <SlowLoadingHint loading />
    </Stack>
  );
}

function NoGames() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <SportsScoreIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t('games.list.empty_title')}
      </Typography>
      <Typography color="text.secondary">{t('games.list.empty_message')}</Typography>
    </Stack>
  );
}

export default function GamesPage() {
  const { t } = useTranslation();
  usePageTitle(t('games.list.page'));
  const notify = useNotify();
  const query = useGames();
  const now = useNow(1_000);
  // cards only need the minute for "ended 3 hours ago"; the sections follow the second
  const minute = Math.floor(now / 60_000) * 60_000;

  const games = query.data?.pages.flatMap((page) => page.data) ?? [];
  const groups = groupGames(games, now);
  const loadMore = () =>
    query.fetchNextPage().then((result) => result.error && notify.error(result.error));

  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        {t('games.list.title')}
      </Typography>
      {query.isPending && <LoadingGames />}
      {query.isError && !query.isFetchNextPageError && (
        <LoadError
          error={query.error}
          title={t('games.list.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
          severity={query.data ? 'warning' : 'error'}
        />
      )}
      {query.isSuccess && games.length === 0 && <NoGames />}
      {SECTION_ORDER.map(
        (phase) =>
          groups[phase].length > 0 && (
            <GameSection key={phase} phase={phase} games={groups[phase]} now={minute} />
          ),
      )}
      {query.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={loadMore} loading={query.isFetchingNextPage}>
            {t('games.list.load_more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
