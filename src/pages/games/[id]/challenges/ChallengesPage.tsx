/**
 * `/games/:id/challenges` — where a team plays: the board of challenges with the team's standing
 * and the live notices while the game runs (or after it in practice mode), otherwise a message
 * saying why not and where to go. The page follows the clock: it opens at the start and closes at
 * the end by itself.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PlayModeProvider } from '@/lib/playMode';
import { HttpError } from '@/api/errors';
import type { PublicGameDetail } from '@/api/types';
import { errorMessageOf } from '@/lib/notifications';
import { useLoadingSlow } from '@/lib/useLoadingSlow';
import { usePageTitle } from '@/lib/usePageTitle';
import { useProfile } from '@/hooks/account';
import { useGame } from '@/hooks/games';
import { ChallengeBoard } from './ChallengeBoard';
import { PlayGate } from './PlayGate';
import { isPlaying, playState, untilPhaseChange } from './playState';
import { playerPaths } from '@/lib/paths';

/** The play state, computed again when the game starts or ends. */
function usePlayState(game: PublicGameDetail | undefined, signedIn: boolean) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const delay = game && untilPhaseChange(game);
    if (delay === undefined) return;
    const timer = setTimeout(() => setTick((count) => count + 1), delay);
    return () => clearTimeout(timer);
  }, [game, tick]);
  return game && playState(game, signedIn);
}

function PageSkeleton() {
  const { t } = useTranslation();
  const slow = useLoadingSlow(true);
  return (
    <Stack spacing={3} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton variant="rounded" height={120} />
      {slow && <Alert severity="info">{t('challenges.slow')}</Alert>}
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="warning">{t('challenges.not_found')}</Alert>
      <Button component={RouterLink} to={playerPaths.games} variant="contained">
        {t('challenges.all_games')}
      </Button>
    </Stack>
  );
}

export default function ChallengesPage() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const valid = Number.isInteger(gameId) && gameId > 0;
  const game = useGame(gameId);
  const profile = useProfile();
  const state = usePlayState(game.data, Boolean(profile.data));
  usePageTitle(
    game.data ? t('challenges.page_of', { game: game.data.title }) : t('challenges.page'),
  );

  if (!valid || (game.error instanceof HttpError && game.error.status === 404)) return <NotFound />;
  if (game.error) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void game.refetch()}>{t('common.retry')}</Button>}
      >
        {errorMessageOf(game.error) ?? t('common.error.unknown')}
      </Alert>
    );
  }
  if (!game.data || !state || profile.isPending) return <PageSkeleton />;
  if (!isPlaying(state)) return <PlayGate state={state} game={game.data} />;
  return (
    <PlayModeProvider game={game.data}>
      <ChallengeBoard game={game.data} practice={state === 'practice'} />
    </PlayModeProvider>
  );
}
