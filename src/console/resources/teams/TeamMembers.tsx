/**
 * A team's members, captain first and marked with a star: compact chips for the list, a list
 * linking to each member's user page for the edit page.
 */
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { Link } from 'react-router-dom';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import type { TeamInfo, TeamMember } from '@/api/types';

const captainFirst = (members: TeamMember[] | null) =>
  [...(members ?? [])].sort((a, b) => Number(b.captain) - Number(a.captain));

function MemberAvatar({ member, size }: { member: TeamMember; size: number }) {
  return (
    <Avatar
      src={member.avatar ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size / 2 }}
    >
      {member.userName?.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

function CaptainStar() {
  const translate = useTranslate();
  return (
    <StarIcon
      titleAccess={translate('resources.teams.captain')}
      color="warning"
      sx={{ fontSize: 16 }}
    />
  );
}

/** The list's members column: one chip per member. */
export function MemberChips() {
  const record = useRecordContext<TeamInfo>();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {captainFirst(record.members).map((member) => (
        <Chip
          key={member.id}
          size="small"
          variant="outlined"
          avatar={<MemberAvatar member={member} size={20} />}
          label={
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <span>{member.userName}</span>
              {member.captain && <CaptainStar />}
            </Stack>
          }
        />
      ))}
    </Stack>
  );
}

/** The edit page's members, each leading to the member's user page. */
export function MemberList() {
  const record = useRecordContext<TeamInfo>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const members = captainFirst(record.members);
  return (
    <section aria-labelledby="team-members-title">
      <Typography id="team-members-title" variant="subtitle1" component="h2">
        {translate('resources.teams.members_title', { smart_count: members.length })}
      </Typography>
      {members.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.teams.no_members')}
        </Typography>
      )}
      <List dense disablePadding>
        {members.map((member) => (
          // each link in its own list item: a list holds items only (axe: list)
          <ListItem key={member.id} disablePadding>
            <ListItemButton
              component={Link}
              to={createPath({ resource: 'users', type: 'edit', id: member.id })}
            >
              <ListItemAvatar>
                <MemberAvatar member={member} size={32} />
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                    <span>{member.userName}</span>
                    {member.captain && <CaptainStar />}
                  </Stack>
                }
                secondary={member.bio || undefined}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
