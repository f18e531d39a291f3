import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Removes the locally stored cache (settings, console store) and reloads the page. */
export function cleanCache(reload: () => void = () => window.location.reload()): void {
  try {
    localStorage.clear();
  } catch {
    // storage unavailable: nothing to clean
  }
  reload();
}

interface Props {
  error: Error;
  onRetry: () => void;
}

/** Full-page error screen: message, stack trace, what to report, "Try again" and "Clean cache". */
export function ErrorScreen({ error, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Stack spacing={2} sx={{ maxWidth: 900, width: '100%' }}>
        <Typography variant="h4" component="h1">
          {t('error_screen.title')}
        </Typography>
        <Typography variant="h6" component="p" color="error" sx={{ wordBreak: 'break-word' }}>
          {error.message || t('common.error.unknown')}
        </Typography>
        <Typography color="text.secondary">{t('error_screen.report')}</Typography>
        {error.stack && (
          <Box
            component="pre"
            aria-label={t('error_screen.stack')}
            sx={{
              m: 0,
              p: 2,
              maxHeight: '50vh',
              overflow: 'auto',
              fontSize: 12,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            {error.stack}
          </Box>
        )}
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={onRetry}>
            {t('error_screen.try_again')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => cleanCache()}>
            {t('error_screen.clean_cache')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
