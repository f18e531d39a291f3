/** "Still loading…" under a skeleton once a load takes longer than the seed's loading timeout. */
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLoadingSlow } from '@/lib/useLoadingSlow';

export function SlowLoadingHint({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  const slow = useLoadingSlow(loading);
  if (!slow) return null;
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {t('status.loading_slow')}
    </Typography>
  );
}
