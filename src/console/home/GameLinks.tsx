/**
 * Where a game leads from the console home: its console pages (settings, review, challenges), its
 * monitor and its public page on the player site.
 */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { consolePaths, useAdminPath } from '@/console/paths';
import { playerPaths } from '@/lib/paths';

export function GameLinks({ gameId, title }: { gameId: number; title: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const links = [
    { to: adminPath(consolePaths.gameInfo(gameId)), label: t('console.home.links.settings') },
    { to: adminPath(consolePaths.challenges(gameId)), label: t('console.home.links.challenges') },
    { to: playerPaths.monitor(gameId, 'events'), label: t('console.home.links.monitor') },
    { to: playerPaths.game(gameId), label: t('console.home.links.public_page') },
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('console.home.links.label', { game: title })}
      direction="row"
      useFlexGap
      flexWrap="wrap"
      columnGap={2}
      rowGap={0.5}
    >
      {links.map((link) => (
        <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
          {link.label}
        </Link>
      ))}
    </Stack>
  );
}
