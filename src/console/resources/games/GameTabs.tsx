/**
 * The tab bar over every page of one game in the console: Info, Notices, Awards, Review, Writeups
 * and Challenges (the seed's `admin/games/{id}/…` routes), and a link to the game's webhooks. The tab
 * of the current path is selected. Beside it, the game's pages outside the console: its monitor
 * and its public page.
 */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Identifier } from 'react-admin';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { consolePaths, useAdminPath } from '@/console/paths';
import { playerPaths } from '@/lib/paths';

const tabs = [
  { key: 'info', path: consolePaths.gameInfo },
  { key: 'notices', path: consolePaths.notices },
  { key: 'awards', path: consolePaths.awards },
  { key: 'review', path: consolePaths.review },
  { key: 'writeups', path: consolePaths.writeups },
  { key: 'challenges', path: consolePaths.challenges },
  // The game's own endpoints, on the webhooks list (not a page of the game: never selected).
  { key: 'webhooks', path: consolePaths.webhooks },
] as const;

export type GameTab = (typeof tabs)[number]['key'];

/** Which tab a console path belongs to (`/games/3` and `/games/3/info` are both Info). */
export function tabOfPath(pathname: string): GameTab {
  const rest = /\/games\/[^/]+\/?([^/]*)/i.exec(pathname)?.[1]?.toLowerCase() ?? '';
  return tabs.find((tab) => tab.key === rest)?.key ?? 'info';
}

export function GameTabs({ gameId }: { gameId: Identifier }) {
  const translate = useTranslate();
  const adminPath = useAdminPath();
  const { pathname } = useLocation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      alignItems={{ xs: 'flex-start', sm: 'center' }}
      columnGap={2}
      sx={{ mb: 1 }}
    >
      <Tabs
        value={tabOfPath(pathname)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate('resources.games.tabs.label')}
        sx={{ minWidth: 0, maxWidth: '100%' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={translate(`resources.games.tabs.${tab.key}`)}
            component={RouterLink}
            to={adminPath(tab.path(gameId))}
          />
        ))}
      </Tabs>
      <Stack direction="row" columnGap={2} sx={{ px: { xs: 2, sm: 0 } }}>
        <Link component={RouterLink} to={playerPaths.monitor(gameId, 'events')} variant="body2">
          {translate('console.home.links.monitor')}
        </Link>
        <Link component={RouterLink} to={playerPaths.game(gameId)} variant="body2">
          {translate('console.home.links.public_page')}
        </Link>
      </Stack>
    </Stack>
  );
}
