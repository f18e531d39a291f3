/**
 * The app bar's account corner: a sign-in button for visitors; the user's name and avatar with a
 * menu (profile, console for admins, sign out) for signed-in users.
 */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import { useLogout, useProfile } from '@/hooks/account';
import { useNotify } from '@/lib/notifications';
import { loginPath, playerPaths } from '@/lib/paths';

function SignInButton() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const onAccountPage = pathname.toLowerCase().startsWith('/account/');
  const to = onAccountPage ? playerPaths.login : loginPath(pathname + search);
  return (
    <Button component={RouterLink} to={to} color="inherit" startIcon={<LoginIcon />}>
      {t('layout.sign_in')}
    </Button>
  );
}

export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: profile, isPending } = useProfile();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (isPending) return <Skeleton variant="circular" width={32} height={32} sx={{ ml: 1 }} />;
  if (!profile) return <SignInButton />;

  const close = () => setAnchor(null);
  const signOut = () => {
    close();
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: notify.error,
    });
  };
  const name = profile.userName ?? '';

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('layout.account_menu', { name })}
        sx={{ textTransform: 'none', ml: 1 }}
        // no initial in the avatar: the visible text must stay the name the label contains (WCAG 2.5.3)
        startIcon={
          <Avatar src={profile.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
        }
      >
        {/* a 15-character name would push the bar past a 375 px screen: cut it short there */}
        <Box
          component="span"
          className="account-name"
          sx={{
            maxWidth: { xs: 96, sm: 200 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {name}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to={playerPaths.profile} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('layout.profile')}
        </MenuItem>
        {profile.role === 'Admin' && (
          <MenuItem component={RouterLink} to={playerPaths.console} onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            {t('layout.console')}
          </MenuItem>
        )}
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('layout.sign_out')}
        </MenuItem>
      </Menu>
    </>
  );
}
