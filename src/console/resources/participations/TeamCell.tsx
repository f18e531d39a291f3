/** A team as a row shows it: avatar, name and bio. */
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamWithMembers } from '@/api/types';

/** The team's name, or its id when it has none. */
export const teamName = (team: Pick<TeamWithMembers, 'id' | 'name'>) => team.name || `#${team.id}`;

export function TeamCell({ team }: { team: TeamWithMembers }) {
  const name = teamName(team);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={team.avatar ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        {team.bio && (
          <Typography variant="caption" color="text.secondary" noWrap title={team.bio}>
            {team.bio}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
