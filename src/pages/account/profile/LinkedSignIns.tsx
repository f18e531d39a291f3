/**
 * The profile's "Linked sign-ins" (issue 26): each enabled single sign-on provider, linked or not.
 * Linking is the server's sign-in flow in link mode (a navigation to the provider and back here
 * with `?sso_linked=` or `?sso_error=`); unlinking is refused by the server when it would leave
 * the account no way to sign in, and the refusal is shown as it says.
 */
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ssoStartPath, useSsoLinks, useSsoOptions, useSsoUnlink } from '@/hooks/sso';
import { useNotify } from '@/lib/notifications';
import { playerPaths } from '@/lib/paths';
import { formatDateTime } from '@/lib/time/format';
import { ssoErrorOf, ssoErrorSeverity } from '@/pages/account/components/ssoErrors';

export function LinkedSignIns() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [params] = useSearchParams();
  const error = ssoErrorOf(params.get('sso_error'));
  const justLinked = params.get('sso_linked');
  const providers = useSsoOptions().data?.providers ?? [];
  const links = useSsoLinks().data ?? [];
  const unlink = useSsoUnlink();

  const rows = [
    ...providers.map((p) => ({
      id: p.id,
      name: p.name,
      link: links.find((l) => l.provider === p.id),
    })),
    // Identities of providers no longer offered can still be unlinked.
    ...links
      .filter((l) => !providers.some((p) => p.id === l.provider))
      .map((l) => ({ id: l.provider, name: l.providerName, link: l })),
  ];

  return (
    <>
      {error && (
        <Alert severity={ssoErrorSeverity(error)} sx={{ mb: 2 }}>
          {t(`sso.errors.${error}`)}
        </Alert>
      )}
      {justLinked && !error && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('sso.links.linked', {
            name: providers.find((p) => p.id === justLinked)?.name ?? justLinked,
          })}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('sso.links.none')}</Typography>
      ) : (
        <List disablePadding>
          {rows.map(({ id, name, link }) => (
            <ListItem
              key={id}
              disableGutters
              secondaryAction={
                link ? (
                  <Button
                    color="error"
                    disabled={unlink.isPending}
                    onClick={() =>
                      unlink.mutate(id, {
                        onSuccess: () =>
                          notify.show({
                            color: 'success',
                            message: t('sso.links.unlinked', { name }),
                          }),
                        onError: notify.error,
                      })
                    }
                  >
                    {t('sso.links.unlink')}
                  </Button>
                ) : (
                  <Button variant="outlined" href={ssoStartPath(id, playerPaths.profile, true)}>
                    {t('sso.links.link')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={name}
                secondary={
                  link
                    ? t('sso.links.linked_since', {
                        email: link.email ?? '—',
                        time: formatDateTime(link.linkedAt, i18n.language),
                      })
                    : t('sso.links.not_linked')
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
