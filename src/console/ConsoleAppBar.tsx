/**
 * The console's app bar, whose user menu leads back to the site, to the profile, and out. The page
 * title it shows is the page's main heading (h1); on a phone a long one ends in an ellipsis before
 * the language and profile buttons.
 */
import { forwardRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import {
  AppBar,
  AppBarClasses,
  Logout,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { useTranslation } from 'react-i18next';

const SiteLink = forwardRef<
  HTMLAnchorElement,
  { to: string; label: string; icon: React.ReactNode }
>(function SiteLink({ to, label, icon }, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={RouterLink} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

/**
 * One line, cut with an ellipsis. The title's own spans are inline (react-admin wraps the text in
 * two), so the ellipsis shows instead of a clipped word; `minWidth: 0` lets it shrink at all.
 */
const titleSx = {
  minWidth: 0,
  '& span': { display: 'inline' },
} as const;

export function ConsoleAppBar() {
  const { t } = useTranslation();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The menu button shows the user's name: its accessible name must contain it (WCAG 2.5.3).
  const profile = translate('ra.auth.user_menu');
  const label = identity?.fullName ? `${identity.fullName} (${profile})` : profile;
  return (
    <AppBar
      userMenu={
        <UserMenu label={label}>
          <SiteLink to="/" label={t('console.back_to_site')} icon={<HomeIcon fontSize="small" />} />
          <SiteLink
            to="/account/profile"
            label={t('layout.profile')}
            icon={<PersonIcon fontSize="small" />}
          />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal component="h1" className={AppBarClasses.title} sx={titleSx} />
    </AppBar>
  );
}
