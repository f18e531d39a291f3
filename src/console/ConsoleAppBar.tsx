/** The console's app bar, whose user menu leads back to the site, to the profile, and out. */
import { forwardRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import { AppBar, Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
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
    />
  );
}
