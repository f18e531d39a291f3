/**
 * The head of the scoreboard table: rank, team, score and solves, then one column per challenge
 * under its category. Challenge titles run vertically to keep the columns narrow; hovering one
 * shows its current value and number of solves.
 */
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { GameChallenge } from '@/api/types';
import type { CategoryColumns } from './board';
import {
  CATEGORY_ROW_HEIGHT,
  CHALLENGE_WIDTH,
  RANK_WIDTH,
  TEAM_WIDTH,
  narrowCell,
  rankCell,
  stickyLeft,
} from './tableLayout';

function ChallengeHeader({ challenge }: { challenge: GameChallenge }) {
  const { t } = useTranslation();
  const summary = t('scoreboard.table.challenge_summary', {
    title: challenge.title,
    score: challenge.score,
    count: challenge.solved,
  });
  return (
    <TableCell
      align="center"
      sx={{ top: CATEGORY_ROW_HEIGHT, width: CHALLENGE_WIDTH, minWidth: CHALLENGE_WIDTH, px: 0.5 }}
    >
      <Tooltip title={summary} placement="top" arrow disableInteractive describeChild>
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            writingMode: 'vertical-rl',
            transform: 'rotate(180deg)',
            maxHeight: 128,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            fontWeight: 500,
          }}
        >
          {challenge.title}
        </Box>
      </Tooltip>
    </TableCell>
  );
}

export function ScoreTableHead({ columns }: { columns: readonly CategoryColumns[] }) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  const rowSpan = columns.length > 0 ? 2 : 1;
  const fixed = { verticalAlign: 'bottom', fontWeight: 600 } as const;
  return (
    <TableHead>
      <TableRow>
        <TableCell
          rowSpan={rowSpan}
          align="center"
          sx={{ ...fixed, ...stickyLeft(0, true), ...rankCell }}
        >
          {t('scoreboard.table.rank')}
        </TableCell>
        <TableCell
          rowSpan={rowSpan}
          sx={{
            ...fixed,
            ...stickyLeft(RANK_WIDTH, true),
            minWidth: TEAM_WIDTH,
          }}
        >
          {alone ? t('individualPlay.scoreboard.player') : t('scoreboard.table.team')}
        </TableCell>
        <TableCell rowSpan={rowSpan} align="right" sx={{ ...fixed, ...narrowCell }}>
          {t('scoreboard.table.score')}
        </TableCell>
        <TableCell rowSpan={rowSpan} align="right" sx={{ ...fixed, ...narrowCell }}>
          {t('scoreboard.table.solved')}
        </TableCell>
        {columns.map(({ category, challenges }) => (
          <TableCell
            key={category}
            colSpan={challenges.length}
            align="center"
            sx={{
              height: CATEGORY_ROW_HEIGHT,
              py: 0,
              whiteSpace: 'nowrap',
              borderLeft: 1,
              borderLeftColor: 'divider',
            }}
          >
            {t(`resources.challenges.categories.${category}`)}
          </TableCell>
        ))}
      </TableRow>
      {columns.length > 0 && (
        <TableRow>
          {columns.flatMap(({ challenges }) =>
            challenges.map((challenge) => (
              <ChallengeHeader key={challenge.id} challenge={challenge} />
            )),
          )}
        </TableRow>
      )}
    </TableHead>
  );
}
