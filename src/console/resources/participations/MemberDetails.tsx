/**
 * Every member of a team as the model carries them: user name (captain marked), real name,
 * student number, email and phone where present, and whether they play in this game.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Participation } from '@/api/types';
import { CaptainMark, memberName } from './MemberChips';

const DETAIL_FIELDS = ['realName', 'stdNumber', 'email', 'phone'] as const;

export function MemberDetails({ participation }: { participation: Participation }) {
  const translate = useTranslate();
  const { team, registeredMembers } = participation;
  const members = team.members ?? [];
  const heading = (key: string) => translate(`resources.participations.fields.${key}`);
  if (members.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('resources.participations.no_team_members')}
      </Typography>
    );
  }
  return (
    <Box sx={{ py: 1, pl: 7 }}>
      <Table size="small" aria-label={heading('members')}>
        <TableHead>
          <TableRow>
            <TableCell>{heading('userName')}</TableCell>
            {DETAIL_FIELDS.map((field) => (
              <TableCell key={field}>{heading(field)}</TableCell>
            ))}
            <TableCell>{heading('registered')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.userId}>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Avatar src={member.avatar ?? undefined} alt="" sx={{ width: 24, height: 24 }} />
                  <span>
                    {memberName(member)}
                    {member.userId === team.captainId && <CaptainMark />}
                  </span>
                </Stack>
              </TableCell>
              {DETAIL_FIELDS.map((field) => (
                <TableCell key={field} sx={{ wordBreak: 'break-word' }}>
                  {member[field] || '—'}
                </TableCell>
              ))}
              <TableCell>
                {translate(
                  registeredMembers.includes(member.userId)
                    ? 'resources.participations.plays'
                    : 'resources.participations.not_registered',
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
