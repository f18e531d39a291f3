/**
 * The player site's main sections in the top bar: links on wide screens, one menu on phones.
 * The current section is marked with `aria-current`.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuIcon from '@mui/icons-material/Menu';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { playerPaths } from '@/lib/paths';

const sections = [
  { key: 'games', to: playerPaths.games },
  { key: 'teams', to: playerPaths.teams },
  { key: 'posts', to: playerPaths.posts },
  { key: 'about', to: playerPaths.about },
] as const;

/** Whether `pathname` is inside the section at `to` (case-insensitive, like the routes). */
export function inSection(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
}

export function MainNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('layout.nav.label');
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center' }}>
      <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
        {sections.map(({ key, to }) => {
          const current = inSection(pathname, to);
          return (
            <Button
              key={key}
              component={RouterLink}
              to={to}
              color={current ? 'primary' : 'inherit'}
              aria-current={current ? 'page' : undefined}
            >
              {t(`layout.nav.${key}`)}
            </Button>
          );
        })}
      </Box>
      <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {sections.map(({ key, to }) => (
            <MenuItem
              key={key}
              component={RouterLink}
              to={to}
              selected={inSection(pathname, to)}
              onClick={() => setAnchor(null)}
            >
              {t(`layout.nav.${key}`)}
            </MenuItem>
          ))}
        </Menu>
      </Box>
    </Box>
  );
}
