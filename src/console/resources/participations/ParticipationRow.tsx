/**
 * One participation: the team, its division (changeable), the members who play and the status changes; the
 * expand button opens the members' details underneath.
 */
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Participation } from '@/api/types';
import { DivisionSelect } from './DivisionSelect';
import { MemberChips } from './MemberChips';
import { MemberDetails } from './MemberDetails';
import { StatusActions } from './StatusActions';
import { TeamCell, teamName } from './TeamCell';
import type { GameMeta } from '@/console/data/kit';

interface Props {
  participation: Participation;
  meta: GameMeta;
  /** The game's divisions; none: no division column. */
  divisions: string[];
  /** How many columns the table has, for the details row. */
  columns: number;
}

export function ParticipationRow({ participation, meta, divisions, columns }: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const team = participation.team;
  const detailsId = `participation-${participation.id}-details`;
  return (
    <>
      <TableRow hover aria-label={teamName(team)} sx={{ '& > td': { borderBottom: 'unset' } }}>
        <TableCell>
          <IconButton
            size="small"
            aria-label={translate('resources.participations.details', { team: teamName(team) })}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>
          <TeamCell team={team} />
        </TableCell>
        {divisions.length > 0 && (
          <TableCell>
            <DivisionSelect participation={participation} meta={meta} divisions={divisions} />
          </TableCell>
        )}
        <TableCell>
          <MemberChips participation={participation} />
        </TableCell>
        <TableCell align="right">
          <StatusActions participation={participation} meta={meta} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit id={detailsId}>
            <MemberDetails participation={participation} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
