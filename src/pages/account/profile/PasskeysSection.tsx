/**
 * The profile's passkeys (issue 26): add one made on this device (named, so a player can tell
 * their laptop from their phone), list them with when each was added and last used, rename and
 * delete. A passkey made here signs in alone, without the user name or password.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@/api/types';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useNotify } from '@/lib/notifications';
import { formatDateTime } from '@/lib/time/format';
import {
  isPasskeyCancelled,
  useAddPasskey,
  useDeletePasskey,
  usePasskeys,
  useRenamePasskey,
} from '@/hooks/passkeys';

const NAME_MAX = 128;

export function PasskeysSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<Passkey>();
  const [deleting, setDeleting] = useState<Passkey>();
  const remove = useDeletePasskey();
  const supported = browserSupportsWebAuthn();
  const when = (time: number) => formatDateTime(time, i18n.resolvedLanguage);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || t('passkeys.default_name'), {
      onSuccess: () => {
        setName('');
        notify.show({ color: 'success', message: t('passkeys.added') });
      },
      onError: (error) =>
        isPasskeyCancelled(error)
          ? notify.show({ color: 'info', message: t('passkeys.cancelled') })
          : notify.error(error),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.intro')}
      </Typography>
      {passkeys.data && passkeys.data.length === 0 && (
        <Typography variant="body2">{t('passkeys.none')}</Typography>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <List dense disablePadding aria-label={t('passkeys.list')}>
          {passkeys.data.map((passkey) => (
            <ListItem
              key={passkey.id}
              divider
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    aria-label={t('passkeys.rename_named', { name: passkey.name })}
                    onClick={() => setRenaming(passkey)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={t('passkeys.delete_named', { name: passkey.name })}
                    onClick={() => setDeleting(passkey)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={passkey.name}
                secondary={
                  <>
                    <span style={{ display: 'block' }}>
                      {t('passkeys.created', { time: when(passkey.createdAt) })}
                    </span>
                    <span style={{ display: 'block' }}>
                      {passkey.lastUsedAt === null
                        ? t('passkeys.never_used')
                        : t('passkeys.last_used', { time: when(passkey.lastUsedAt) })}
                    </span>
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {supported ? (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label={t('passkeys.name')}
            placeholder={t('passkeys.default_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            size="small"
            fullWidth
          />
          <Button type="submit" variant="contained" loading={add.isPending} sx={{ flexShrink: 0 }}>
            {t('passkeys.add')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="info">{t('passkeys.unsupported')}</Alert>
      )}
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(undefined)} />}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('passkeys.delete_title')}
        message={t('passkeys.delete_message', { name: deleting?.name ?? '' })}
        confirmLabel={t('passkeys.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(undefined);
              notify.show({ color: 'success', message: t('passkeys.deleted') });
            },
            onError: notify.error,
          })
        }
      />
    </Stack>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const blank = name.trim() === '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (blank) return;
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      { onSuccess: onClose, onError: notify.error },
    );
  };

  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('passkeys.rename_title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('passkeys.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={blank}
            helperText={blank ? t('passkeys.name_required') : undefined}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            autoFocus
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={rename.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={rename.isPending} disabled={blank}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
