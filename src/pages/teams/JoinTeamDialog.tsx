/**
 * Joins a team with the invite code its captain shared: typed in, or brought by an invite link.
 * The dialog names the team the code belongs to before joining. A refusal (a locked team, a code
 * that was replaced…) shows in the dialog with the server's reason; a locked team is explained.
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/api/errors';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import { useJoinTeam } from '@/hooks/teams';
import { parseInviteCode } from './inviteCode';

/** The server's refusal to let anyone join a locked team (server/src/routes/team/guards.ts). */
const LOCKED_TITLE = 'The team is locked while it plays a game that has not ended';

export interface JoinTeamDialogProps {
  open: boolean;
  initialCode?: string;
  /** Ids of the teams the caller is already in (a code of one of them needs no joining). */
  memberOf: readonly number[];
  onClose: () => void;
}

function JoinForm({
  initialCode = '',
  memberOf,
  onClose,
  titleId,
}: Omit<JoinTeamDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const join = useJoinTeam();
  const [code, setCode] = useState(initialCode);
  const [submitted, setSubmitted] = useState(initialCode !== '');
  const [refusal, setRefusal] = useState<string>();
  const invite = parseInviteCode(code);
  const alreadyIn = invite !== null && memberOf.includes(invite.teamId);
  const problem =
    code.trim() === '' ? 'validation.required' : invite ? undefined : 'teams.join.invalid';
  const showProblem = submitted && problem !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(undefined);
    if (!invite) return;
    join.mutate(code.trim(), {
      onSuccess: () => {
        notify.show({ color: 'success', message: t('teams.join.done', { name: invite.teamName }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 400) {
          const title = errorMessageOf(error);
          setRefusal(
            title === LOCKED_TITLE ? t('teams.join.locked', { name: invite.teamName }) : title,
          );
        } else {
          notify.error(error);
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('teams.join.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('teams.join.message')}</DialogContentText>
          <TextField
            label={t('teams.join.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setRefusal(undefined);
            }}
            onBlur={() => code !== '' && setSubmitted(true)}
            error={showProblem}
            helperText={showProblem && problem ? t(problem) : t('teams.join.code_help')}
            required
            autoFocus
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {invite && !refusal && (
            <Alert severity={alreadyIn ? 'success' : 'info'} variant="outlined">
              {t(alreadyIn ? 'teams.join.already_in' : 'teams.join.joining', {
                name: invite.teamName,
              })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={join.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={join.isPending} disabled={alreadyIn}>
          {t('teams.join.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function JoinTeamDialog({ open, onClose, ...props }: JoinTeamDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <JoinForm {...props} onClose={onClose} titleId={titleId} />
    </Dialog>
  );
}
