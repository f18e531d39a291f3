/**
 * One of the caller's teams: avatar, name, lock, bio and members. The captain manages it (edit,
 * invite, members, delete); a member can leave it. A locked team says why in plain text (phones
 * cannot hover), and offers no invitation: nobody can join it until its game ends.
 */
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '@/api/types';
import { EditTeamButton } from './EditTeamButton';
import { InviteButton } from './InviteButton';
import { TeamExitButton } from './TeamExitButton';
import { TeamMembers } from './TeamMembers';

export interface TeamCardProps {
  team: TeamInfo;
  /** The signed-in user's id. */
  userId: string;
}

function LockedChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="warning" icon={<LockIcon />} label={t('teams.locked')} />;
}

export function TeamCard({ team, userId }: TeamCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = team.name ?? t('teams.unnamed');
  const isCaptain = team.members?.some((member) => member.id === userId && member.captain) ?? false;

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={team.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography
                  id={headingId}
                  variant="h6"
                  component="h2"
                  sx={{ wordBreak: 'break-word' }}
                >
                  {name}
                </Typography>
                {team.locked && <LockedChip />}
              </Stack>
              {team.bio && (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {team.bio}
                </Typography>
              )}
            </Stack>
          </Stack>
          {team.locked && (
            <Alert severity="warning" icon={<LockIcon />}>
              {t('teams.locked_help')}
            </Alert>
          )}
          <Divider />
          <TeamMembers team={team} teamName={name} userId={userId} isCaptain={isCaptain} />
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', px: 2, pb: 2 }}>
        {isCaptain && <EditTeamButton team={team} name={name} />}
        {isCaptain && <InviteButton team={team} name={name} disabled={team.locked} />}
        <Stack sx={{ ml: 'auto' }}>
          <TeamExitButton team={team} name={name} isCaptain={isCaptain} />
        </Stack>
      </CardActions>
    </Card>
  );
}

/** A card's shape while the teams load. */
export function TeamCardSkeleton() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Skeleton variant="circular" width={56} height={56} />
          <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
        </Stack>
        <Skeleton variant="text" />
        <Skeleton variant="text" width="70%" />
      </CardContent>
    </Card>
  );
}
