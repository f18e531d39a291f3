/**
 * The profile's "API tokens" block (issue 26): what tokens are for, the form that makes one, the
 * secret of the one just made (shown once), and the list of tokens with their last use.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated, Role } from '@/api/types';
import { errorMessageOf } from '@/lib/notifications';
import { useApiTokens } from '@/hooks/apiTokens';
import { ApiTokenCreateForm } from './ApiTokenCreateForm';
import { ApiTokenList } from './ApiTokenList';
import { ApiTokenSecret } from './ApiTokenSecret';

export function ApiTokensSection({ role }: { role: Role }) {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('apiTokens.intro')}</Typography>
      {created ? (
        <ApiTokenSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <ApiTokenCreateForm role={role} onCreated={setCreated} />
      )}
      {tokens.error ? (
        <Alert severity="error">{errorMessageOf(tokens.error) ?? t('common.error.unknown')}</Alert>
      ) : (
        <ApiTokenList tokens={tokens.data ?? []} />
      )}
    </Stack>
  );
}
