/** A page that needs an account, seen by a visitor: why, and a way to sign in and come back. */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { loginPath } from '@/lib/paths';

export function SignInPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography>{message}</Typography>
        <Button
          component={RouterLink}
          to={loginPath(pathname + search)}
          variant="contained"
          startIcon={<LoginIcon />}
        >
          {t('layout.sign_in')}
        </Button>
      </Stack>
    </Paper>
  );
}
