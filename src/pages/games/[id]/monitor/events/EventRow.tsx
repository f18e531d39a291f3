/** One event of the monitor's log: when, who, which challenge and what happened. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GameEvent } from '@/api/types';
import { AnswerStatusChip } from '@/pages/games/[id]/monitor/components/AnswerStatusChip';
import { AnswerText } from '@/pages/games/[id]/monitor/components/AnswerText';
import { TimeText } from '@/pages/games/[id]/monitor/components/TimeText';
import { describeEvent, type EventDetails } from './describeEvent';

function WhatHappened({ details }: { details: EventDetails }) {
  const { t } = useTranslation();
  switch (details.kind) {
    case 'flag':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <AnswerStatusChip status={details.result} />
          <AnswerText answer={details.answer} />
        </Stack>
      );
    case 'container':
      return (
        <Chip
          size="small"
          variant="outlined"
          color={details.started ? 'info' : 'default'}
          label={t(details.started ? 'monitor.events.started' : 'monitor.events.destroyed')}
        />
      );
    case 'cheat':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <AnswerStatusChip status="CheatDetected" />
          <Typography variant="body2">
            {t('monitor.events.flag_of', { team: details.ownerTeam })}
          </Typography>
        </Stack>
      );
    default:
      return <Typography variant="body2">{details.text}</Typography>;
  }
}

export function EventRow({ event }: { event: GameEvent }) {
  const details = describeEvent(event);
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <TimeText time={event.time} />
      </TableCell>
      <TableCell>{event.team}</TableCell>
      <TableCell>{event.user}</TableCell>
      <TableCell>{details.challenge}</TableCell>
      <TableCell>
        <WhatHappened details={details} />
      </TableCell>
    </TableRow>
  );
}
