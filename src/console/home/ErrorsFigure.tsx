/** The site's errors in the log over the last hour, leading to the log filtered to errors. */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAdminPath } from '@/console/paths';
import { logErrors } from './homeLinks';

export function ErrorsFigure({ count }: { count: number }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Alert
      severity={count > 0 ? 'error' : 'success'}
      data-testid="home-errors"
      action={
        <Link component={RouterLink} to={adminPath(logErrors)} variant="body2" sx={{ mr: 1 }}>
          {t('console.home.show_errors')}
        </Link>
      }
    >
      {t('console.home.errors_last_hour', { count })}
    </Alert>
  );
}
