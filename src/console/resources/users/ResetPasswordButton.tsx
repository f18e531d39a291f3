/**
 * Gives a user a new random password (after confirmation) and shows it once, with a copy button.
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import type { UserRecord } from '@/console/data/dataRoutes';

function NewPasswordDialog({ password, onClose }: { password: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard
      .writeText(password)
      .then(() => notify('common.copied', { type: 'success' }))
      .catch(() => notify('resources.users.reset_password.copy_failed', { type: 'warning' }));
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-password-title">
      <DialogTitle id="new-password-title">
        {translate('resources.users.reset_password.done_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('resources.users.reset_password.done_text')}
        </DialogContentText>
        <Typography
          component="code"
          aria-label={translate('resources.users.reset_password.new_password')}
          sx={{
            display: 'block',
            mt: 2,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 20,
            userSelect: 'all',
            wordBreak: 'break-all',
          }}
        >
          {password}
        </Typography>
      </DialogContent>
      <DialogActions>
        <MuiButton startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('common.copy')}
        </MuiButton>
        <MuiButton variant="contained" onClick={onClose}>
          {translate('common.close')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

export function ResetPasswordButton() {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string>();
  const reset = useMutation({
    mutationFn: (id: string) => dataProvider.resetUserPassword(id),
    onSuccess: setPassword,
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  return (
    <>
      <Button
        label="resources.users.reset_password.button"
        onClick={() => setConfirming(true)}
        disabled={reset.isPending}
      >
        <KeyIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={reset.isPending}
        title="resources.users.reset_password.confirm_title"
        content="resources.users.reset_password.confirm_text"
        translateOptions={{ name: record.userName ?? record.id }}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate(record.id);
        }}
        onClose={() => setConfirming(false)}
      />
      {/* shown once: closing forgets it */}
      {password && <NewPasswordDialog password={password} onClose={() => setPassword(undefined)} />}
    </>
  );
}
