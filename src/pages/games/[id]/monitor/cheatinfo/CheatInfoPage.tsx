/**
 * `/games/:id/monitor/cheatinfo` — every submission of another team's flag (behaviour §3): who
 * submitted it, whose flag it was, for which challenge, and when. Read again on each new
 * detection.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { CheatInfo } from '@/api/types';
import { MONITOR_PAGE_SIZE, useCheatInfo } from '@/hooks/monitor';
import { AnswerText } from '@/pages/games/[id]/monitor/components/AnswerText';
import { FeedPagination } from '@/pages/games/[id]/monitor/components/FeedPagination';
import { MonitorTable } from '@/pages/games/[id]/monitor/components/MonitorTable';
import { zipKeys } from '@/pages/games/[id]/monitor/components/rowKeys';
import { TimeText } from '@/pages/games/[id]/monitor/components/TimeText';

const COLUMNS = ['time', 'team', 'user', 'owner', 'challenge', 'answer'] as const;

function CheatRow({ report }: { report: CheatInfo }) {
  const { submission } = report;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <TimeText time={submission.time} />
      </TableCell>
      <TableCell>{report.submitTeam.team.name}</TableCell>
      <TableCell>{submission.user}</TableCell>
      <TableCell>{report.ownedTeam.team.name}</TableCell>
      <TableCell>{submission.challenge}</TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        <AnswerText answer={submission.answer} />
      </TableCell>
    </TableRow>
  );
}

export default function CheatInfoPage() {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  const gameId = Number(useParams().id);
  const query = useCheatInfo(gameId, true);
  const [page, setPage] = useState(0);
  const reports = query.data;
  const shown = reports?.slice(page * MONITOR_PAGE_SIZE, (page + 1) * MONITOR_PAGE_SIZE);
  const teams = new Set(reports?.map((report) => report.submitTeam.id)).size;

  return (
    <Stack spacing={2}>
      {reports && reports.length > 0 && (
        <Typography role="status" color="text.secondary">
          {t('monitor.cheatinfo.summary', { count: reports.length })}
          {' · '}
          {t(alone ? 'individualPlay.monitor.cheat_players' : 'monitor.cheatinfo.teams', {
            count: teams,
          })}
        </Typography>
      )}
      <MonitorTable
        label={t('monitor.cheatinfo.table')}
        columns={COLUMNS.map((id) => ({ id, label: t(`monitor.columns.${id}`) }))}
        rowCount={shown?.length}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        errorTitle={t('monitor.cheatinfo.load_failed')}
        onRetry={() => void query.refetch()}
        emptyText={alone ? t('individualPlay.monitor.cheat_empty') : t('monitor.cheatinfo.empty')}
        footer={
          <FeedPagination
            page={page}
            pageSize={MONITOR_PAGE_SIZE}
            rows={shown?.length ?? 0}
            hasMore={false}
            total={reports?.length ?? 0}
            onPageChange={setPage}
          />
        }
      >
        {shown && zipKeys(shown).map(([key, report]) => <CheatRow key={key} report={report} />)}
      </MonitorTable>
    </Stack>
  );
}
