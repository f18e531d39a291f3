/**
 * A loaded scoreboard: the division choice, the top-10 chart, the marks' legend and the ranked
 * table, with the team card that opens from a team's name. Rows and columns are computed once per
 * board, so a poll that brings nothing new redraws nothing.
 */
import { useCallback, useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { PublicGameDetail, Scoreboard, ScoreboardRow } from '@/api/types';
import {
  ALL_TEAMS,
  categoryColumns,
  challengesById,
  rowsOf,
  timelineOf,
  type DivisionChoice,
} from './board';
import { DivisionTabs } from './DivisionTabs';
import { MarkLegend } from './MarkLegend';
import { EmptyBoard } from './ScoreboardStates';
import { ScoreTable } from './ScoreTable';
import { TeamDialog } from './TeamDialog';
import { TimelineCard } from './TimelineCard';
import { PlayModeProvider } from '@/lib/playMode';

export interface ScoreboardBoardProps {
  game: PublicGameDetail;
  board: Scoreboard;
  divisions: readonly string[];
  /** The caller's team on this board, if any. */
  callerId: number | undefined;
  /** The caller may give awards (an Admin): the team cards offer "Give award". */
  canAward?: boolean;
}

export function ScoreboardBoard({
  game,
  board,
  divisions,
  callerId,
  canAward = false,
}: ScoreboardBoardProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [division, setDivision] = useState<DivisionChoice>(ALL_TEAMS);
  const [teamId, setTeamId] = useState<number>();
  const [teamOpen, setTeamOpen] = useState(false);

  const columns = useMemo(() => categoryColumns(board.challenges), [board.challenges]);
  const challenges = useMemo(() => challengesById(columns), [columns]);
  const rows = useMemo(() => rowsOf(board.items, division), [board.items, division]);
  const openTeam = useCallback((row: ScoreboardRow) => {
    setTeamId(row.id);
    setTeamOpen(true);
  }, []);
  const team = board.items.find((row) => row.id === teamId);

  return (
    <PlayModeProvider game={game}>
      <Stack spacing={2}>
        {divisions.length > 0 && (
          <DivisionTabs divisions={divisions} value={division} onChange={setDivision} />
        )}
        <TimelineCard
          lines={timelineOf(board, division)}
          start={game.start}
          end={game.end}
          division={division === ALL_TEAMS ? undefined : division}
          highlightId={callerId}
          compact={compact}
        />
        {rows.length === 0 ? (
          <EmptyBoard division={division !== ALL_TEAMS} />
        ) : (
          <>
            <MarkLegend />
            <ScoreTable
              key={division}
              rows={rows}
              division={division}
              columns={columns}
              callerId={callerId}
              showDivision={divisions.length > 0 && division === ALL_TEAMS}
              onOpenTeam={openTeam}
              compact={compact}
            />
          </>
        )}
        <TeamDialog
          open={teamOpen}
          row={team}
          challenges={challenges}
          challengeCount={board.challengeCount}
          onClose={() => setTeamOpen(false)}
          awardGameId={canAward ? game.id : undefined}
        />
      </Stack>
    </PlayModeProvider>
  );
}
