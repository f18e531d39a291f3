/**
 * Edits the text of a normal notice in a dialog (`PUT …/notices/{id}`). The server resets its
 * time to now and does not push the edit live.
 */
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, SaveButton, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { GameNotice } from '@/api/types';
import { NoticeInputs } from './NoticeInputs';
import type { GameMeta } from '@/console/data/kit';

interface Props {
  notice: GameNotice;
  meta: GameMeta;
  onClose: () => void;
}

export function NoticeEditDialog({ notice, meta, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update] = useUpdate();

  const save = async ({ content }: { content?: string }) => {
    try {
      await update(
        'notices',
        { id: notice.id, data: { content }, previousData: notice, meta },
        { returnPromise: true },
      );
      // the edited notice is now the newest: list it again, in order
      void queryClient.invalidateQueries({ queryKey: ['notices'] });
      notify('resources.notices.saved', { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="notice-edit-title">
      <DialogTitle id="notice-edit-title">{translate('resources.notices.edit_title')}</DialogTitle>
      <Form record={{ content: notice.values[0] ?? '' }} onSubmit={save}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText variant="body2" sx={{ mb: 1 }}>
            {translate('resources.notices.edit_help')}
          </DialogContentText>
          <NoticeInputs />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
