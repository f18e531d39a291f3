/**
 * `/games/:id` — a game's page: banner with a live countdown, the caller's registration (join,
 * leave, sign in), the way to the challenges and the scoreboard, the game's facts and description.
 */
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { statusOf } from '@/lib/notifications/describeError';
import { useNow } from '@/lib/time/useNow';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { gamePhase, useGame } from '@/hooks/games';
import { GameBanner } from './GameBanner';
import { GameContent } from './GameContent';
import { GameFacts } from './GameFacts';
import { GameLinks, roleAtLeast } from './GameLinks';
import { ParticipationPanel } from './ParticipationPanel';
import { playerPaths } from '@/lib/paths';

/** Phones: banner, panel, description; wider screens: the panel beside both. */
const layout = {
  display: 'grid',
  gap: { xs: 3, md: 4 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
  gridTemplateAreas: { xs: '"banner" "panel" "content"', md: '"banner panel" "content panel"' },
  gridTemplateRows: { md: 'auto 1fr' },
} as const;

function GameSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton
        variant="rounded"
        sx={{ aspectRatio: { xs: '16 / 9', md: '21 / 9' }, height: 'auto' }}
      />
      <Skeleton variant="text" sx={{ fontSize: '3rem' }} width="60%" />
      <Skeleton variant="text" width="40%" />
      <SlowLoadingHint loading />
    </Stack>
  );
}

function GameNotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
      <Typography variant="h4" component="h1">
        {t('games.detail.not_found')}
      </Typography>
      <Typography color="text.secondary">{t('games.detail.not_found_message')}</Typography>
      <BackToGames />
    </Stack>
  );
}

function BackToGames() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={playerPaths.games} startIcon={<ArrowBackIcon />}>
      {t('games.detail.back')}
    </Button>
  );
}

export default function GamePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const query = useGame(id);
  const { data: profile, isPending: profilePending } = useProfile();
  const now = useNow(1_000);
  const game = query.data;
  usePageTitle(game?.title ?? t('games.detail.page'));

  if (!validId || statusOf(query.error) === 404) return <GameNotFound />;
  if (!game) {
    if (query.isError) {
      return (
        <LoadError
          error={query.error}
          title={t('games.detail.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      );
    }
    return <GameSkeleton />;
  }

  const phase = gamePhase(game, now);
  // an organiser who does not play comes to run the game: its tools lead, joining comes after
  const organising = roleAtLeast(profile?.role, 'Admin') && game.status === 'Unsubmitted';
  const participation = (
    <ParticipationPanel
      key="participation"
      game={game}
      signedIn={profilePending ? undefined : !!profile}
      now={now}
      secondary={organising}
    />
  );
  const links = <GameLinks key="links" game={game} role={profile?.role} now={now} />;
  return (
    <Stack spacing={2}>
      {query.isError && (
        <LoadError
          severity="warning"
          error={query.error}
          title={t('games.detail.refresh_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      )}
      <Box sx={layout}>
        <Box sx={{ gridArea: 'banner', minWidth: 0 }}>
          <GameBanner game={game} phase={phase} now={now} />
        </Box>
        <Box component="aside" sx={{ gridArea: 'panel', minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2.5, position: { md: 'sticky' }, top: { md: 88 } }}>
            <Stack spacing={3}>
              {organising ? [links, participation] : [participation, links]}
              <GameFacts game={game} />
            </Stack>
          </Paper>
        </Box>
        <Box sx={{ gridArea: 'content', minWidth: 0 }}>
          <GameContent content={game.content} />
        </Box>
      </Box>
    </Stack>
  );
}
