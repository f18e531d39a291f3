/**
 * Where to go from a game's page: the challenges (a big button once the team can play), the
 * scoreboard, and for monitors and administrators their tools for this game.
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import FlagIcon from '@mui/icons-material/Flag';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { useTranslation } from 'react-i18next';
import { enums } from '@/api/formMeta.gen';
import type { PublicGameDetail, Role } from '@/api/types';
import { isPlayable } from '@/hooks/games';
import { playerPaths } from '@/lib/paths';

/** The monitor pages of a game, in the seed's order of the monitor tabs. */
const MONITOR_PAGES = ['events', 'submissions', 'cheatinfo', 'traffic', 'hints'] as const;

/** `role` is `minimum` or above, in the spec's order of roles (Banned < User < Monitor < Admin). */
export function roleAtLeast(role: Role | undefined, minimum: Role): boolean {
  return role !== undefined && enums.Role.indexOf(role) >= enums.Role.indexOf(minimum);
}

export interface GameLinksProps {
  game: PublicGameDetail;
  role: Role | undefined;
  now: number;
}

function OrganiserLinks({ gameId, role }: { gameId: number; role: Role | undefined }) {
  const { t } = useTranslation();
  if (!roleAtLeast(role, 'Monitor')) return null;
  return (
    <Stack component="nav" aria-labelledby="organiser-links" spacing={1}>
      <Typography id="organiser-links" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('games.links.organiser')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {MONITOR_PAGES.map((page) => (
          <Button
            key={page}
            size="small"
            variant="outlined"
            component={RouterLink}
            to={playerPaths.monitor(gameId, page)}
          >
            {t(`games.links.monitor.${page}`)}
          </Button>
        ))}
      </Stack>
      {roleAtLeast(role, 'Admin') && (
        <Button
          size="small"
          component={RouterLink}
          to={playerPaths.consoleGame(gameId)}
          startIcon={<AdminPanelSettingsIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('games.links.console')}
        </Button>
      )}
    </Stack>
  );
}

export function GameLinks({ game, role, now }: GameLinksProps) {
  const { t } = useTranslation();
  const canPlay = game.status === 'Accepted' && isPlayable(game, now);
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        {canPlay && (
          <Button
            size="large"
            variant="contained"
            component={RouterLink}
            to={playerPaths.challenges(game.id)}
            startIcon={<FlagIcon />}
            sx={{ py: 1.5, fontSize: '1.1rem' }}
          >
            {t('games.links.challenges')}
          </Button>
        )}
        <Button
          variant="outlined"
          component={RouterLink}
          to={playerPaths.scoreboard(game.id)}
          startIcon={<LeaderboardIcon />}
        >
          {t('games.links.scoreboard')}
        </Button>
      </Stack>
      <OrganiserLinks gameId={game.id} role={role} />
    </Stack>
  );
}
