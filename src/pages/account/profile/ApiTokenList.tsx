/** The user's personal API tokens with their last use, each revocable (issue 26). */
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiTokenInfo } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { formatDateTime } from '@/lib/time/format';
import { useRevokeApiToken } from '@/hooks/apiTokens';

export function ApiTokenList({ tokens }: { tokens: ApiTokenInfo[] }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const revoke = useRevokeApiToken();
  const when = (time: number) => formatDateTime(time, i18n.language);

  if (tokens.length === 0)
    return <Typography color="text.secondary">{t('apiTokens.none')}</Typography>;

  return (
    <List disablePadding aria-label={t('apiTokens.list')}>
      {tokens.map((token) => (
        <ListItem
          key={token.id}
          divider
          disableGutters
          sx={{ flexWrap: 'wrap', gap: 1 }}
          secondaryAction={
            <Button
              color="error"
              aria-label={t('apiTokens.revoke_named', { name: token.name })}
              loading={revoke.isPending && revoke.variables === token.id}
              onClick={() =>
                revoke.mutate(token.id, {
                  onSuccess: () =>
                    notify.show({ color: 'success', message: t('apiTokens.revoked') }),
                  onError: notify.error,
                })
              }
            >
              {t('apiTokens.revoke')}
            </Button>
          }
        >
          <ListItemText
            sx={{ pr: 10 }}
            primary={`${token.name} · ${t(`apiTokens.scopes.${token.scope}`)}`}
            secondary={[
              t('apiTokens.created_at', { time: when(token.createdAt) }),
              token.expiresAt === null
                ? t('apiTokens.never_expires')
                : t('apiTokens.expires_at', { time: when(token.expiresAt) }),
              token.lastUsedAt === null
                ? t('apiTokens.never_used')
                : t('apiTokens.last_used', {
                    time: when(token.lastUsedAt),
                    address: token.lastUsedIp ?? '',
                  }),
            ].join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
