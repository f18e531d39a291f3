/** The members of a team on its scoreboard card, captain first, read from the team's public page. */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/notifications';
import { useTeamCard } from '@/hooks/scoreboard';

export function TeamMembers({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const query = useTeamCard(teamId);
  const members = [...(query.data?.members ?? [])].sort(
    (a, b) => Number(b.captain) - Number(a.captain),
  );
  return (
    <Stack component="section" spacing={1} aria-labelledby="scoreboard-team-members">
      <Typography id="scoreboard-team-members" variant="subtitle1" component="h3">
        {t('scoreboard.team.members')}
      </Typography>
      {query.isPending && (
        <Stack direction="row" spacing={1} aria-busy="true">
          <Skeleton variant="rounded" width={96} height={32} />
          <Skeleton variant="rounded" width={96} height={32} />
        </Stack>
      )}
      {query.isError && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('scoreboard.team.members_failed', {
            reason: errorMessageOf(query.error) ?? t('common.error.unknown'),
          })}
        </Alert>
      )}
      {query.isSuccess && members.length === 0 && (
        <Typography color="text.secondary">{t('scoreboard.team.no_members')}</Typography>
      )}
      {members.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {members.map((member) => (
            <li key={member.id}>
              <Chip
                avatar={
                  <Avatar src={member.avatar ?? undefined} alt="" aria-hidden>
                    {(member.userName ?? '?').slice(0, 1).toUpperCase()}
                  </Avatar>
                }
                label={
                  member.captain
                    ? t('scoreboard.team.captain', { name: member.userName })
                    : member.userName
                }
                variant={member.captain ? 'filled' : 'outlined'}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
