/**
 * `/games/:id/monitor/submissions` — every flag submitted in the game, newest first and live,
 * optionally only those with one result, and the whole log as a spreadsheet.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, MonitorSubmission } from '@/api/types';
import { useDownload } from '@/lib/download';
import { MONITOR_PAGE_SIZE, monitorFiles, useMonitorSubmissions } from '@/hooks/monitor';
import { AnswerStatusChip } from '@/pages/games/[id]/monitor/components/AnswerStatusChip';
import { AnswerText } from '@/pages/games/[id]/monitor/components/AnswerText';
import { FeedPagination } from '@/pages/games/[id]/monitor/components/FeedPagination';
import { LiveControls } from '@/pages/games/[id]/monitor/components/LiveControls';
import { MonitorTable } from '@/pages/games/[id]/monitor/components/MonitorTable';
import { zipKeys } from '@/pages/games/[id]/monitor/components/rowKeys';
import { TimeText } from '@/pages/games/[id]/monitor/components/TimeText';
import { StatusFilter } from './StatusFilter';

const COLUMNS = ['time', 'team', 'user', 'challenge', 'answer', 'status'] as const;

function SubmissionRow({ submission }: { submission: MonitorSubmission }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <TimeText time={submission.time} />
      </TableCell>
      <TableCell>{submission.team}</TableCell>
      <TableCell>{submission.user}</TableCell>
      <TableCell>{submission.challenge}</TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        <AnswerText answer={submission.answer} />
      </TableCell>
      <TableCell>
        <AnswerStatusChip status={submission.status} />
      </TableCell>
    </TableRow>
  );
}

export default function SubmissionsPage() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const [status, setStatus] = useState<AnswerResult | null>(null);
  const [page, setPage] = useState(0);
  const feed = useMonitorSubmissions(gameId, { filter: { status }, page, enabled: true });
  const { download, busy } = useDownload();
  const rows = feed.rows;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <StatusFilter
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(0);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy}
            onClick={() => void download(monitorFiles.submissionSheet(gameId))}
          >
            {t('monitor.submissions.sheet')}
          </Button>
        </Stack>
        <LiveControls
          hubStatus={feed.hubStatus}
          paused={feed.paused}
          missed={feed.missed}
          onPausedChange={feed.setPaused}
        />
      </Stack>
      <MonitorTable
        label={t('monitor.submissions.table')}
        columns={COLUMNS.map((id) => ({ id, label: t(`monitor.columns.${id}`) }))}
        rowCount={rows?.length}
        loading={feed.isPending}
        fetching={feed.isFetching}
        error={feed.error}
        errorTitle={t('monitor.submissions.load_failed')}
        onRetry={() => void feed.refetch()}
        emptyText={t(status ? 'monitor.submissions.empty_filtered' : 'monitor.submissions.empty')}
        footer={
          <FeedPagination
            page={page}
            pageSize={MONITOR_PAGE_SIZE}
            rows={rows?.length ?? 0}
            hasMore={feed.hasMore}
            onPageChange={setPage}
          />
        }
      >
        {rows &&
          zipKeys(rows).map(([key, submission]) => (
            <SubmissionRow key={key} submission={submission} />
          ))}
      </MonitorTable>
    </Stack>
  );
}
