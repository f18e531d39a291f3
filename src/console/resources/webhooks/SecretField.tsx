/**
 * The endpoint's signing secret, hidden until asked for, with a copy button and "New secret"
 * (after a confirmation: receivers checking the old one refuse what follows).
 */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Webhook } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';

export function SecretField() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: (id: number) => dataProvider.rotateWebhookSecret(id),
    onSuccess: () => {
      notify('resources.webhooks.notifications.rotated', { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  const copy = () =>
    navigator.clipboard
      .writeText(record.secret)
      .then(() => notify('common.copied', { type: 'success' }))
      .catch(() => notify('resources.webhooks.notifications.copy_failed', { type: 'warning' }));
  return (
    <>
      <TextField
        label={translate('resources.webhooks.fields.secret')}
        value={shown ? record.secret : '•'.repeat(32)}
        helperText={translate('resources.webhooks.helpers.secret')}
        fullWidth
        sx={{ maxWidth: 720 }}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip
                  title={translate(`resources.webhooks.action.${shown ? 'hide' : 'show'}_secret`)}
                >
                  <IconButton
                    onClick={() => setShown(!shown)}
                    aria-label={translate(
                      `resources.webhooks.action.${shown ? 'hide' : 'show'}_secret`,
                    )}
                  >
                    {shown ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('resources.webhooks.action.copy_secret')}>
                  <IconButton
                    edge="end"
                    onClick={() => void copy()}
                    aria-label={translate('resources.webhooks.action.copy_secret')}
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        label="resources.webhooks.action.rotate"
        onClick={() => setConfirming(true)}
        disabled={rotate.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        <AutorenewIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="resources.webhooks.rotate_confirm_title"
        content="resources.webhooks.rotate_confirm_content"
        onConfirm={() => {
          setConfirming(false);
          rotate.mutate(record.id);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
