/** One column of the traffic page: a titled, outlined section with its loading and error states. */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';

export interface TrafficPanelProps {
  id: string;
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  loading: boolean;
  error: Error | null;
  errorTitle: string;
  onRetry: () => void;
  retrying: boolean;
  /** Shown instead of the content when there is nothing to list. */
  empty?: string;
  children?: ReactNode;
}

export function TrafficPanel(props: TrafficPanelProps) {
  const { t } = useTranslation();
  const { id, loading, error } = props;
  let body = props.children;
  if (error) {
    body = (
      <LoadError
        error={error}
        title={props.errorTitle}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    );
  } else if (loading) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
        <SlowLoadingHint loading />
      </Stack>
    );
  } else if (props.empty) {
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {props.empty}
      </Typography>
    );
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}
      >
        <Typography id={id} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {props.title}
        </Typography>
        {props.actions}
      </Stack>
      {body}
    </Paper>
  );
}
