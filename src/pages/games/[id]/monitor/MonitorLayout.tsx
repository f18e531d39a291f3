/**
 * `/games/:id/monitor/*` — the frame of a game's monitor pages: the game's title, tabs for the
 * four pages, and the page; administrators also get a way to the game in the console. Only monitors and administrators get further (the server enforces it
 * too): visitors are sent to sign in, others see why they cannot. The pages' data exists once the
 * game has started; until then a countdown says when.
 */
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import { statusOf } from '@/lib/notifications/describeError';
import { PageLoader } from '@/lib/PageLoader';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { useGame } from '@/hooks/games';
import { roleAtLeast } from '@/pages/games/[id]/GameLinks';
import { MonitorNotice } from './MonitorNotice';
import { MonitorTabs } from './MonitorTabs';
import { monitorTabOf } from './monitorTabs';
import { loginPath, playerPaths } from '@/lib/paths';
import { PlayModeProvider } from '@/lib/playMode';

/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

/** Whether the game has started, turning true by itself at the start. */
function useStarted(game: PublicGameDetail | undefined): boolean {
  const [now, setNow] = useState(Date.now);
  const start = game?.start;
  useEffect(() => {
    if (start === undefined || start <= now) return;
    const delay = Math.max(0, Math.min(start - Date.now() + 1, MAX_TIMER));
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [start, now]);
  return start !== undefined && start <= now;
}

function LayoutSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="50%" />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={240} />
      <SlowLoadingHint loading />
    </Stack>
  );
}

export default function MonitorLayout() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const validId = Number.isInteger(gameId) && gameId > 0;
  const { pathname, search } = useLocation();
  const profile = useProfile();
  const game = useGame(gameId);
  const started = useStarted(game.data);
  const tab = monitorTabOf(pathname);
  const section = tab ? t(`monitor.tabs.${tab}`) : t('monitor.title');
  usePageTitle(
    game.data ? t('monitor.page_of', { page: section, game: game.data.title }) : section,
  );

  if (profile.isPending) return <LayoutSkeleton />;
  if (profile.isError) {
    return (
      <LoadError
        error={profile.error}
        title={t('monitor.profile_failed')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isRefetching}
      />
    );
  }
  if (!profile.data) return <Navigate to={loginPath(pathname + search)} replace />;
  if (!roleAtLeast(profile.data.role, 'Monitor')) {
    return <MonitorNotice kind="denied" gameId={validId ? gameId : undefined} />;
  }
  if (!validId || statusOf(game.error) === 404) return <MonitorNotice kind="not_found" />;
  if (!game.data) {
    if (!game.isError) return <LayoutSkeleton />;
    return (
      <LoadError
        error={game.error}
        title={t('monitor.game_failed')}
        onRetry={() => void game.refetch()}
        retrying={game.isRefetching}
      />
    );
  }

  return (
    <PlayModeProvider game={game.data}>
      <Stack spacing={2}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1 }}>
            <Button
              size="small"
              component={RouterLink}
              to={playerPaths.game(gameId)}
              startIcon={<ArrowBackIcon />}
            >
              {t('monitor.back')}
            </Button>
            {roleAtLeast(profile.data.role, 'Admin') && (
              <Button
                size="small"
                component={RouterLink}
                to={playerPaths.consoleGame(gameId)}
                startIcon={<AdminPanelSettingsIcon />}
              >
                {t('games.links.console')}
              </Button>
            )}
          </Stack>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {game.data.title}
          </Typography>
          <Typography color="text.secondary">{t('monitor.title')}</Typography>
        </Stack>
        <MonitorTabs gameId={gameId} tab={tab} />
        {started ? (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        ) : (
          <MonitorNotice kind="not_started" gameId={gameId} start={game.data.start} />
        )}
      </Stack>
    </PlayModeProvider>
  );
}
