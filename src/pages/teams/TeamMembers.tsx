/**
 * A team's members, captain first and marked. The captain can hand the captaincy to a member or
 * remove one; both ask first.
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import StarIcon from '@mui/icons-material/Star';
import { useTranslation } from 'react-i18next';
import type { TeamInfo, TeamMember } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useKickMember, useTransferCaptaincy } from '@/hooks/teams';

type MemberAction = { kind: 'kick' | 'transfer'; member: TeamMember; name: string };

export interface TeamMembersProps {
  team: TeamInfo;
  teamName: string;
  /** The signed-in user's id. */
  userId: string;
  isCaptain: boolean;
}

const captainFirst = (members: readonly TeamMember[]) =>
  [...members].sort((a, b) => Number(b.captain) - Number(a.captain));

export function TeamMembers({ team, teamName, userId, isCaptain }: TeamMembersProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const kick = useKickMember(team.id);
  const transfer = useTransferCaptaincy(team.id);
  // the last action chosen stays set while its dialog fades out
  const [pending, setPending] = useState<MemberAction>();
  const [open, setOpen] = useState(false);
  const mutation = pending?.kind === 'transfer' ? transfer : kick;
  const ask = (action: MemberAction) => {
    setPending(action);
    setOpen(true);
  };

  const confirm = () => {
    if (!pending) return;
    const { kind, member, name } = pending;
    mutation.mutate(member.id, {
      onSuccess: () => {
        setOpen(false);
        notify.show({ color: 'success', message: t(`teams.${kind}.done`, { name }) });
      },
      onError: notify.error,
    });
  };

  const actions = (member: TeamMember, name: string) => (
    <Stack direction="row">
      <Tooltip title={t('teams.transfer.button', { name })}>
        <IconButton
          aria-label={t('teams.transfer.button', { name })}
          onClick={() => ask({ kind: 'transfer', member, name })}
        >
          <MilitaryTechIcon />
        </IconButton>
      </Tooltip>
      {/* a locked team cannot lose members: the button says why instead of failing */}
      <Tooltip title={team.locked ? t('teams.locked_help') : t('teams.kick.button', { name })}>
        <span>
          <IconButton
            edge="end"
            color="error"
            aria-label={t('teams.kick.button', { name })}
            disabled={team.locked}
            onClick={() => ask({ kind: 'kick', member, name })}
          >
            <PersonRemoveIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );

  return (
    <>
      <List dense aria-label={t('teams.members', { name: teamName })} disablePadding>
        {captainFirst(team.members ?? []).map((member) => {
          const name = member.userName ?? t('teams.unknown_member');
          const self = member.id === userId;
          return (
            <ListItem
              key={member.id}
              disableGutters
              secondaryAction={isCaptain && !member.captain ? actions(member, name) : undefined}
              sx={{ '& .MuiListItemSecondaryAction-root': { right: 0 } }}
            >
              <ListItemAvatar sx={{ minWidth: 44 }}>
                <Avatar src={member.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                  {name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{self ? t('teams.self', { name }) : name}</span>
                    {member.captain && (
                      <Chip
                        size="small"
                        variant="outlined"
                        icon={<StarIcon />}
                        label={t('teams.captain')}
                        // orange star, plain text: orange text on white is below 4.5:1
                        sx={{ '& .MuiChip-icon': { color: 'warning.main' } }}
                      />
                    )}
                  </Stack>
                }
                secondary={member.bio || undefined}
                slotProps={{ secondary: { noWrap: true } }}
                sx={{ pr: isCaptain && !member.captain ? 10 : 0 }}
              />
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={open}
        title={
          pending ? t(`teams.${pending.kind}.title`, { name: pending.name, team: teamName }) : ''
        }
        message={pending ? t(`teams.${pending.kind}.message`) : ''}
        confirmLabel={pending ? t(`teams.${pending.kind}.confirm`) : ''}
        color={pending?.kind === 'transfer' ? 'primary' : 'error'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        busy={mutation.isPending}
      />
    </>
  );
}
