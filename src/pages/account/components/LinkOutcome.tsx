import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/notifications';
import { AccountCard } from './AccountCard';

interface Props {
  title: string;
  status: 'idle' | 'pending' | 'success' | 'error';
  error: unknown;
  pendingText: string;
  successTitle: string;
  successText: string;
  /** Buttons under the outcome. */
  actions: ReactNode;
}

/** Progress and outcome of a mail link that is acted on when the page opens. */
export function LinkOutcome(props: Props) {
  const { t } = useTranslation();
  const { title, status, error } = props;
  return (
    <AccountCard title={title}>
      {(status === 'pending' || status === 'idle') && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{props.pendingText}</Typography>
        </Stack>
      )}
      {status === 'success' && (
        <Alert severity="success">
          <AlertTitle>{props.successTitle}</AlertTitle>
          {props.successText}
        </Alert>
      )}
      {status === 'error' && (
        <Alert severity="error">
          <AlertTitle>{t('account.link.failed')}</AlertTitle>
          {errorMessageOf(error) ?? t('common.error.unknown')}
        </Alert>
      )}
      {status !== 'pending' && status !== 'idle' && props.actions}
    </AccountCard>
  );
}
