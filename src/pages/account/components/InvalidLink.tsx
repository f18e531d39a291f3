import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './AccountCard';

/** A mail link without its `token` or `email`. */
export function InvalidLink({
  title,
  retryTo,
  retryLabel,
}: {
  title: string;
  retryTo: string;
  retryLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <AccountCard title={title}>
      <Alert severity="error">{t('account.link.invalid')}</Alert>
      <Button component={RouterLink} to={retryTo} variant="outlined">
        {retryLabel}
      </Button>
    </AccountCard>
  );
}
