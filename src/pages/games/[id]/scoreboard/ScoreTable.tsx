/**
 * The ranked table of the scoreboard, a page of teams at a time (boards of hundreds of teams stay
 * quick), scrolling sideways on narrow screens with rank and team kept in view, and saying so while
 * columns are out of view. On phones (`compact`) it keeps rank, team, score and solves only: a
 * team's solves open with its name. The caller's team is tinted, and a button brings its page up
 * when it is on another one.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import SwipeLeftIcon from '@mui/icons-material/SwipeLeft';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { ScoreboardRow } from '@/api/types';
import { shownRank, type CategoryColumns, type DivisionChoice } from './board';
import { rowElementId, ScoreRow } from './ScoreRow';
import { ScoreTableHead } from './ScoreTableHead';
import { useSidewaysOverflow } from './useSidewaysOverflow';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface ScoreTableProps {
  /** The rows of the chosen division, in rank order. */
  rows: readonly ScoreboardRow[];
  division: DivisionChoice;
  columns: readonly CategoryColumns[];
  callerId: number | undefined;
  showDivision: boolean;
  onOpenTeam: (row: ScoreboardRow) => void;
  /** A phone: no challenge columns. */
  compact?: boolean;
}

/** What the reader can do for the columns out of view. */
function TableHint({ text }: { text: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <SwipeLeftIcon fontSize="small" color="action" aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

function scrollToRow(teamId: number) {
  // after the page's rows are rendered
  requestAnimationFrame(() =>
    document.getElementById(rowElementId(teamId))?.scrollIntoView?.({ block: 'center' }),
  );
}

export function ScoreTable({
  rows,
  division,
  columns,
  callerId,
  showDivision,
  onOpenTeam,
  compact = false,
}: ScoreTableProps) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  const { ref: tableRef, more: moreColumns } = useSidewaysOverflow<HTMLDivElement>();
  const shownColumns = compact ? [] : columns;
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  // the board can shrink under the reader (a team suspended): stay on a page that exists
  const shownPage = Math.min(page, lastPage);
  const shown = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  const callerIndex = callerId === undefined ? -1 : rows.findIndex((row) => row.id === callerId);
  const callerPage = callerIndex < 0 ? undefined : Math.floor(callerIndex / pageSize);
  const showCaller = () => {
    if (callerPage === undefined || callerId === undefined) return;
    setPage(callerPage);
    scrollToRow(callerId);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {compact && columns.length > 0 && (
        <TableHint
          text={alone ? t('individualPlay.scoreboard.tap_player') : t('scoreboard.table.tap_team')}
        />
      )}
      {!compact && moreColumns && <TableHint text={t('scoreboard.table.scroll_sideways')} />}
      <TableContainer ref={tableRef} sx={{ maxHeight: { md: 'calc(100vh - 180px)' } }}>
        <Table
          stickyHeader
          size="small"
          aria-label={t('scoreboard.table.label')}
          // on a phone, narrower cell padding keeps the four columns within the screen
          sx={{ '& td, & th': { borderRight: 0, ...(compact && { px: 1 }) } }}
        >
          <ScoreTableHead columns={shownColumns} />
          <TableBody>
            {shown.map((row) => (
              <ScoreRow
                key={row.id}
                row={row}
                rank={shownRank(row, division)}
                columns={shownColumns}
                isCaller={row.id === callerId}
                showDivision={showDivision}
                onOpenTeam={onOpenTeam}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {(callerPage !== undefined || rows.length > PAGE_SIZES[0]) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{
            alignItems: { sm: 'center' },
            justifyContent: 'space-between',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {callerPage !== undefined && callerPage !== shownPage ? (
            <Button
              size="small"
              startIcon={<MyLocationIcon />}
              onClick={showCaller}
              sx={{ m: 1, alignSelf: 'flex-start' }}
            >
              {alone ? t('individualPlay.scoreboard.show_me') : t('scoreboard.table.show_my_team')}
            </Button>
          ) : (
            <span />
          )}
          {rows.length > PAGE_SIZES[0] && (
            <TablePagination
              component="div"
              count={rows.length}
              page={shownPage}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={
                alone
                  ? t('individualPlay.scoreboard.rows_per_page')
                  : t('scoreboard.table.rows_per_page')
              }
              labelDisplayedRows={({ from, to, count }) =>
                t('scoreboard.table.displayed_rows', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`scoreboard.table.go_to_${type}`)}
              sx={{ borderTop: 0 }}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
