/** Edits an award in a dialog (`PUT …/awards/{id}`): the board follows at once. */
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, SaveButton, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Award, AwardUpdate } from '@/api/types';
import type { GameMeta } from '@/console/data/kit';
import { AwardInputs } from './AwardInputs';

interface Props {
  award: Award;
  meta: GameMeta;
  onClose: () => void;
}

export function AwardEditDialog({ award, meta, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update] = useUpdate();

  const save = async ({ teamId, value, reason, time }: AwardUpdate) => {
    try {
      await update(
        'awards',
        { id: award.id, data: { teamId, value, reason, time }, previousData: award, meta },
        { returnPromise: true },
      );
      void queryClient.invalidateQueries({ queryKey: ['awards'] });
      notify('resources.awards.notifications.updated', { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="award-edit-title">
      <DialogTitle id="award-edit-title">{translate('resources.awards.edit_title')}</DialogTitle>
      <Form record={award} onSubmit={save}>
        <DialogContent sx={{ pt: 0 }}>
          <AwardInputs gameId={meta.gameId} />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
