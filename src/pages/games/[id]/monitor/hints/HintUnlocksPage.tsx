/**
 * `/games/:id/monitor/hints` — who unlocked which priced hint (issue 25), when and at what cost,
 * newest first. Read again every few seconds while open (unlocks are not pushed to monitors).
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/api/client';
import type { HintUnlock } from '@/api/types';
import { MONITOR_PAGE_SIZE } from '@/hooks/monitor';
import { FeedPagination } from '@/pages/games/[id]/monitor/components/FeedPagination';
import { MonitorTable } from '@/pages/games/[id]/monitor/components/MonitorTable';
import { TimeText } from '@/pages/games/[id]/monitor/components/TimeText';

const REFRESH_MS = 10_000;
const COLUMNS = ['time', 'team', 'user', 'challenge', 'cost'] as const;

function UnlockRow({ unlock }: { unlock: HintUnlock }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <TimeText time={unlock.time} />
      </TableCell>
      <TableCell>{unlock.teamName}</TableCell>
      <TableCell>{unlock.userName}</TableCell>
      <TableCell>{unlock.challengeTitle}</TableCell>
      <TableCell>{unlock.cost}</TableCell>
    </TableRow>
  );
}

export default function HintUnlocksPage() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const query = useQuery({
    queryKey: ['games', 'monitor', gameId, 'hintUnlocks'],
    queryFn: async () =>
      unwrap(await api.GET('/api/game/{id}/hintunlocks', { params: { path: { id: gameId } } }))
        .slice()
        .reverse(),
    refetchInterval: REFRESH_MS,
  });
  const [page, setPage] = useState(0);
  const unlocks = query.data;
  const shown = unlocks?.slice(page * MONITOR_PAGE_SIZE, (page + 1) * MONITOR_PAGE_SIZE);
  return (
    <MonitorTable
      label={t('pricedHints.monitor.tab')}
      columns={COLUMNS.map((id) => ({ id, label: t(`pricedHints.monitor.${id}`) }))}
      rowCount={shown?.length}
      loading={query.isPending}
      fetching={query.isFetching}
      error={query.error}
      errorTitle={t('common.error.unknown')}
      onRetry={() => void query.refetch()}
      emptyText={t('pricedHints.monitor.empty')}
      footer={
        <FeedPagination
          page={page}
          pageSize={MONITOR_PAGE_SIZE}
          rows={shown?.length ?? 0}
          hasMore={false}
          total={unlocks?.length ?? 0}
          onPageChange={setPage}
        />
      }
    >
      {shown?.map((unlock) => (
        <UnlockRow key={unlock.id} unlock={unlock} />
      ))}
    </MonitorTable>
  );
}
