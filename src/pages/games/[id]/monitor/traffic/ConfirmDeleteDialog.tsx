/** Asks before capture files are deleted: deleting cannot be undone. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="delete-captures-title">
      <DialogTitle id="delete-captures-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={props.onConfirm} loading={props.busy}>
          {t('monitor.traffic.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
