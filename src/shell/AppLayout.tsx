/**
 * The player-side layout: top bar, the current page (loaded on demand), footer.
 */
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './AccountMenu';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { MainNav } from './MainNav';
import { PageLoader } from '@/lib/PageLoader';
import { PreferencesMenu } from '@/lib/preferences/PreferencesMenu';
import { useClientConfig } from '@/lib/useClientConfig';

export function AppLayout() {
  const { t } = useTranslation();
  const { data: config } = useClientConfig();
  const title = config?.title ?? t('common.app_name');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="default" elevation={0}>
        <Toolbar>
          {config?.logoUrl && (
            <Box component="img" src={config.logoUrl} alt="" sx={{ height: 32, mr: 1.5 }} />
          )}
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', mr: 2, whiteSpace: 'nowrap' }}
          >
            {title}
            <Box component="span" sx={{ color: 'primary.main' }}>
              {' CTF'}
            </Box>
          </Typography>
          <MainNav />
          <Box sx={{ flexGrow: 1 }} />
          <PreferencesMenu />
          <ColorSchemeToggle />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ flexGrow: 1, py: 4 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      {config?.footerInfo && (
        <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">{config.footerInfo}</Typography>
        </Box>
      )}
    </Box>
  );
}
