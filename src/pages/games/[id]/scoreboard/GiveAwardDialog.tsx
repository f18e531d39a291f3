/**
 * Gives a team an award from its card on the board (issue 25, Admins): points (negative to take)
 * and a reason, counted now. The board shows it as soon as it is rebuilt, pushed live.
 */
import { useMemo, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ScoreboardRow } from '@/api/types';
import { fieldValidator, maxLengthOf, type ValidationMessage } from '@/api/validation';
import { useForm, type FormValidator } from '@/lib/forms/useForm';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import { useGiveAward } from '@/hooks/awards';

interface Values extends Record<string, string> {
  value: string;
  reason: string;
}

export interface GiveAwardDialogProps {
  gameId: number;
  team: ScoreboardRow;
  onClose: () => void;
}

const valueOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** This dialog's own messages (the spec's validators know ranges and lengths, not these). */
const awardMessage = (key: 'awards.give.whole_number' | 'awards.give.not_zero') =>
  ({ message: key }) as unknown as ValidationMessage;

export function GiveAwardDialog({ gameId, team, onClose }: GiveAwardDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const give = useGiveAward(gameId);
  const validators = useMemo(() => {
    const range = fieldValidator('AwardCreateModel', 'value');
    const value: FormValidator<Values> = (text) => {
      const number = valueOf(text);
      if (text.trim() === '') return { message: 'validation.required' };
      if (!Number.isInteger(number)) return awardMessage('awards.give.whole_number');
      if (number === 0) return awardMessage('awards.give.not_zero');
      return range(number);
    };
    const reasonCheck = fieldValidator('AwardCreateModel', 'reason', { required: true });
    const reason: FormValidator<Values> = (text) =>
      text.trim() === '' ? { message: 'validation.required' } : reasonCheck(text);
    return { value, reason };
  }, []);
  const form = useForm<Values>({ value: '', reason: '' }, validators);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    give.mutate(
      { teamId: team.id, value: valueOf(form.values.value), reason: form.values.reason.trim() },
      {
        onSuccess: () => {
          notify.show({ color: 'success', message: t('awards.give.done', { team: team.name }) });
          onClose();
        },
        onError: (error) =>
          notify.show({
            color: 'error',
            title: t('awards.give.failed'),
            message: errorMessageOf(error),
          }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="give-award-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="give-award-title" component="h2">
          {t('awards.give.title', { team: team.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('awards.give.help')}</DialogContentText>
            <TextField
              {...form.field('value', t('awards.give.value_help'))}
              label={t('awards.give.value')}
              type="number"
              required
              autoFocus
              slotProps={{ htmlInput: { step: 1 } }}
            />
            <TextField
              {...form.field('reason')}
              label={t('awards.give.reason')}
              required
              slotProps={{ htmlInput: { maxLength: maxLengthOf('AwardCreateModel', 'reason') } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={give.isPending}>
            {t('awards.give.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
