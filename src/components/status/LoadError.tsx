/**
 * A page's or section's data could not be read: the server's message (seed §8) and a retry button.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/notifications';

export interface LoadErrorProps {
  error: unknown;
  /** What could not be read, e.g. "The games could not be loaded". */
  title: string;
  onRetry: () => void;
  retrying?: boolean;
  /** `warning` when older data is still shown below. */
  severity?: 'error' | 'warning';
}

export function LoadError({ error, title, onRetry, retrying, severity = 'error' }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={severity}
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {errorMessageOf(error) ?? t('common.error.unknown')}
    </Alert>
  );
}
