/** Withdraws the caller from the game after a confirmation. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { useLeaveGame } from '@/hooks/games';

export function LeaveGameButton({ game }: { game: PublicGameDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const leave = useLeaveGame(game.id);
  const [open, setOpen] = useState(false);

  const confirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify.show({ color: 'success', message: t('games.leave.done', { title: game.title }) });
      },
      onError: notify.error,
    });

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<ExitToAppIcon />}
        onClick={() => setOpen(true)}
      >
        {t('games.leave.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="leave-game-title">
        <DialogTitle id="leave-game-title">
          {t('games.leave.title', { title: game.title })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('games.leave.message')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} loading={leave.isPending}>
            {t('games.leave.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
