/** The members who play for a team in this game, as chips; the captain's carries a star. */
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { useTranslate } from 'react-admin';
import type { Participation, Profile } from '@/api/types';
import { playingMembers } from './review';

/** A member's user name, or the start of the id when the name is missing. */
export const memberName = (member: Profile) => member.userName || member.userId.slice(0, 8);

export function CaptainMark() {
  const translate = useTranslate();
  return (
    <StarIcon
      titleAccess={translate('resources.participations.captain')}
      fontSize="inherit"
      color="warning"
      sx={{ verticalAlign: 'text-top', ml: 0.5 }}
    />
  );
}

export function MemberChips({ participation }: { participation: Participation }) {
  const translate = useTranslate();
  const members = playingMembers(participation);
  if (members.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.participations.no_members')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {members.map((member) => (
        <Chip
          key={member.userId}
          size="small"
          variant="outlined"
          avatar={<Avatar src={member.avatar ?? undefined} alt="" />}
          label={
            <>
              {memberName(member)}
              {member.userId === participation.team.captainId && <CaptainMark />}
            </>
          }
        />
      ))}
    </Stack>
  );
}
