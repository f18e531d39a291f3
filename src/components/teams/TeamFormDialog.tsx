/** A dialog with a team's name and bio, to create a team or change one. */
import { useId, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@/api/validation';
import { useForm } from '@/lib/forms/useForm';
import { teamValidators, type TeamValues } from '@/components/teams/teamFields';

export interface TeamFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initial: TeamValues;
  busy: boolean;
  onSubmit: (values: TeamValues) => void;
  onClose: () => void;
  /** Shown above the fields (e.g. the avatar of a team being edited). */
  children?: ReactNode;
}

function TeamForm({
  title,
  submitLabel,
  initial,
  busy,
  onSubmit,
  onClose,
  children,
  titleId,
}: Omit<TeamFormDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const form = useForm(initial, teamValidators);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onSubmit(form.values);
  };
  const count = (name: keyof TeamValues) =>
    `${form.values[name].length}/${maxLengthOf('TeamUpdateModel', name)}`;
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <TextField
            {...form.field('name', count('name'))}
            label={t('teams.fields.name')}
            required
            autoFocus
          />
          <TextField
            {...form.field('bio', count('bio'))}
            label={t('teams.fields.bio')}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

export function TeamFormDialog({ open, onClose, busy, ...props }: TeamFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {/* the dialog unmounts its content once closed, so each opening starts from `initial` */}
      <TeamForm {...props} titleId={titleId} busy={busy} onClose={onClose} />
    </Dialog>
  );
}
