/**
 * The console's "access denied" page, for signed-in users who are not administrators. Outside the
 * console, because the shell's gate shows it without loading the console at all.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';

/** The console is for administrators only. */
export function AccessDenied() {
  const { t } = useTranslation();
  usePageTitle(t('console.access_denied.page'));
  return (
    <Box
      sx={{
        minHeight: '80vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <LockIcon color="error" sx={{ fontSize: 64 }} />
        <Typography variant="h4" component="h1">
          {t('console.access_denied.title')}
        </Typography>
        <Typography color="text.secondary">{t('console.access_denied.message')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('console.access_denied.home')}
        </Button>
      </Stack>
    </Box>
  );
}
