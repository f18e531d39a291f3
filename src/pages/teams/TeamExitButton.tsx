/**
 * How the caller parts with a team: a member leaves it; the captain (who cannot leave without
 * handing over the captaincy) deletes it. Both ask first, and neither is offered while the team is
 * locked (it plays a game that has not ended).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import LogoutIcon from '@mui/icons-material/Logout';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeleteTeam, useLeaveTeam } from '@/hooks/teams';

export interface TeamExitButtonProps {
  team: TeamInfo;
  name: string;
  isCaptain: boolean;
}

export function TeamExitButton({ team, name, isCaptain }: TeamExitButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const leave = useLeaveTeam(team.id);
  const remove = useDeleteTeam(team.id);
  const [open, setOpen] = useState(false);
  const action = isCaptain ? 'delete' : 'leave';
  const mutation = isCaptain ? remove : leave;

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify.show({ color: 'success', message: t(`teams.${action}.done`, { name }) });
      },
      onError: notify.error,
    });

  return (
    <>
      {/* refused by the server while locked: disabled, with the reason on hover and focus */}
      <Tooltip title={team.locked ? t('teams.locked_help') : ''}>
        <span>
          <Button
            color="error"
            startIcon={isCaptain ? <DeleteIcon /> : <LogoutIcon />}
            disabled={team.locked}
            onClick={() => setOpen(true)}
          >
            {t(`teams.${action}.button`)}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={t(`teams.${action}.title`, { name })}
        message={t(`teams.${action}.message`)}
        confirmLabel={t(`teams.${action}.button`)}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        busy={mutation.isPending}
      />
    </>
  );
}
