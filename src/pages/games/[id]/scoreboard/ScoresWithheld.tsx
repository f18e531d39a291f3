/**
 * What the scoreboard page shows while the game's scores are kept from the caller until the end
 * (issue 25): why, and what to do — sign in (`SignedIn`), or wait for the end (`Organisers`). The
 * page reads the board by itself once allowed: after signing in, or when the game ends.
 */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time/format';
import { loginPath } from '@/lib/paths';
import type { ScoresWithheldReason } from './scoreVisibility';

export function ScoresWithheld({ reason, end }: { reason: ScoresWithheldReason; end: number }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Alert
      severity="info"
      data-testid="scores-withheld"
      action={
        reason === 'signed_in' ? (
          <Button
            component={RouterLink}
            to={loginPath(location.pathname)}
            color="inherit"
            size="small"
            startIcon={<LoginIcon />}
          >
            {t('scoreVisibility.site.sign_in')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t(`scoreVisibility.site.${reason}.title`)}</AlertTitle>
      <Typography variant="body2">{t(`scoreVisibility.site.${reason}.message`)}</Typography>
      <Typography variant="body2">
        {t('scoreVisibility.site.shown_at_end', { time: formatDateTime(end, i18n.language) })}
      </Typography>
    </Alert>
  );
}
