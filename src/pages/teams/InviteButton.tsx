/**
 * The captain's invitation: the team's invite code and a link that carries it, each with a copy
 * button, and a way to replace the code when it leaked (the old code and link stop working).
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { LoadError } from '@/components/status/LoadError';
import { useInviteCode, useRenewInviteCode } from '@/hooks/teams';
import { CopyField } from './CopyField';
import { inviteLink } from './inviteCode';

function InviteCode({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const query = useInviteCode(team.id, true);
  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        title={t('teams.invite.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  return (
    <Stack spacing={2}>
      <CopyField
        label={t('teams.invite.code')}
        value={query.data}
        copyLabel={t('teams.invite.copy_code')}
      />
      <CopyField
        label={t('teams.invite.link')}
        value={inviteLink(query.data)}
        copyLabel={t('teams.invite.copy_link')}
      />
    </Stack>
  );
}

export interface InviteButtonProps {
  team: TeamInfo;
  name: string;
  /** The team is locked: nobody could join with the code (a tooltip says why). */
  disabled?: boolean;
}

export function InviteButton({ team, name, disabled = false }: InviteButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const renew = useRenewInviteCode(team.id);
  const [open, setOpen] = useState(false);
  const titleId = useId();

  const renewCode = () =>
    renew.mutate(undefined, {
      onSuccess: () => notify.show({ color: 'success', message: t('teams.invite.renewed') }),
      onError: notify.error,
    });

  return (
    <>
      {/* a disabled button gets no hover: the span carries the tooltip saying why (describeChild:
          a span may not carry a label) */}
      <Tooltip title={disabled ? t('teams.invite.locked') : ''} describeChild>
        <span>
          <Button startIcon={<PersonAddIcon />} onClick={() => setOpen(true)} disabled={disabled}>
            {t('teams.invite.button')}
          </Button>
        </span>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{t('teams.invite.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('teams.invite.message')}</DialogContentText>
            <InviteCode team={team} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<AutorenewIcon />} onClick={renewCode} loading={renew.isPending}>
            {t('teams.invite.renew')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
