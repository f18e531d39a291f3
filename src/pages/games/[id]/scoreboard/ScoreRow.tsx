/**
 * One team's row of the scoreboard: rank, avatar and name (which opens the team's card), score,
 * number of solves, then a mark in each challenge column the team solved.
 */
import { memo, useContext } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { ScoreboardRow } from '@/api/types';
import { solvesOf, type CategoryColumns } from './board';
import { FrozenBoard } from './frozenBoard';
import { SolveMark } from '@/components/scoreboard/SolveMark';
import {
  CHALLENGE_WIDTH,
  RANK_WIDTH,
  TEAM_CONTENT_MAX,
  TEAM_WIDTH,
  callerRowSx,
  narrowCell,
  rankCell,
  stickyLeft,
} from './tableLayout';

export interface ScoreRowProps {
  row: ScoreboardRow;
  rank: number;
  columns: readonly CategoryColumns[];
  isCaller: boolean;
  /** Show the team's division under its name (the board shows every division). */
  showDivision: boolean;
  onOpenTeam: (row: ScoreboardRow) => void;
}

/** The DOM id of a team's row, to scroll to it. */
export const rowElementId = (teamId: number) => `scoreboard-team-${teamId}`;

function TeamCell({
  row,
  isCaller,
  showDivision,
  onOpenTeam,
}: Pick<ScoreRowProps, 'row' | 'isCaller' | 'showDivision' | 'onOpenTeam'>) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  // on a frozen board the caller's row alone counts its solves since the freeze: it says so
  const frozen = useContext(FrozenBoard);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: TEAM_CONTENT_MAX }}>
      <Avatar
        src={row.avatar ?? undefined}
        alt=""
        aria-hidden
        sx={{ width: 28, height: 28, fontSize: 14, display: { xs: 'none', sm: 'flex' } }}
      >
        {row.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack sx={{ minWidth: 0, alignItems: 'flex-start' }}>
        <Link
          component="button"
          type="button"
          aria-haspopup="dialog"
          underline="hover"
          color="inherit"
          onClick={() => onOpenTeam(row)}
          sx={{
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            textAlign: 'left',
            fontWeight: isCaller ? 700 : 500,
          }}
        >
          {row.name}
        </Link>
        {(isCaller || (showDivision && row.division)) && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            {isCaller && (
              <Chip
                size="small"
                color="primary"
                label={
                  alone
                    ? t(
                        frozen
                          ? 'individualPlay.scoreboard.you_frozen'
                          : 'individualPlay.scoreboard.you',
                      )
                    : t(frozen ? 'scoreboard.table.your_team_frozen' : 'scoreboard.table.your_team')
                }
              />
            )}
            {showDivision && row.division && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.division}
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

export const ScoreRow = memo(function ScoreRow({
  row,
  rank,
  columns,
  isCaller,
  showDivision,
  onOpenTeam,
}: ScoreRowProps) {
  const theme = useTheme();
  const solves = solvesOf(row);
  const tint = isCaller ? callerRowSx(theme) : {};
  return (
    <TableRow id={rowElementId(row.id)} sx={{ '& > *': tint }}>
      <TableCell
        align="center"
        sx={{ ...stickyLeft(0), ...rankCell, fontWeight: rank <= 3 ? 700 : 400 }}
      >
        {rank}
      </TableCell>
      <TableCell
        component="th"
        scope="row"
        sx={{ ...stickyLeft(RANK_WIDTH), minWidth: TEAM_WIDTH }}
      >
        <TeamCell
          row={row}
          isCaller={isCaller}
          showDivision={showDivision}
          onOpenTeam={onOpenTeam}
        />
      </TableCell>
      <TableCell
        align="right"
        sx={{ ...narrowCell, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      >
        {row.score}
      </TableCell>
      <TableCell align="right" sx={{ ...narrowCell, fontVariantNumeric: 'tabular-nums' }}>
        {row.solvedCount}
      </TableCell>
      {columns.flatMap(({ challenges }) =>
        challenges.map((challenge) => {
          const solve = solves.get(challenge.id);
          return (
            <TableCell key={challenge.id} align="center" sx={{ width: CHALLENGE_WIDTH, px: 0.5 }}>
              {solve && <SolveMark solve={solve} />}
            </TableCell>
          );
        }),
      )}
    </TableRow>
  );
});
