/**
 * `/games/:id/monitor/events` — the game's event log, newest first and live: flag checks,
 * container starts and stops, detected cheats. Container events can be hidden; the list can be
 * paused to read it while the game goes on.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { MONITOR_PAGE_SIZE, useMonitorEvents } from '@/hooks/monitor';
import { FeedPagination } from '@/pages/games/[id]/monitor/components/FeedPagination';
import { LiveControls } from '@/pages/games/[id]/monitor/components/LiveControls';
import { MonitorTable } from '@/pages/games/[id]/monitor/components/MonitorTable';
import { zipKeys } from '@/pages/games/[id]/monitor/components/rowKeys';
import { EventRow } from './EventRow';

const COLUMNS = ['time', 'team', 'user', 'challenge', 'event'] as const;

export default function EventsPage() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const [hideContainer, setHideContainer] = useState(false);
  const [page, setPage] = useState(0);
  const feed = useMonitorEvents(gameId, { filter: { hideContainer }, page, enabled: true });
  const rows = feed.rows;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={hideContainer}
              onChange={(event) => {
                setHideContainer(event.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('monitor.events.hide_container')}
        />
        <LiveControls
          hubStatus={feed.hubStatus}
          paused={feed.paused}
          missed={feed.missed}
          onPausedChange={feed.setPaused}
        />
      </Stack>
      <MonitorTable
        label={t('monitor.events.table')}
        columns={COLUMNS.map((id) => ({ id, label: t(`monitor.columns.${id}`) }))}
        rowCount={rows?.length}
        loading={feed.isPending}
        fetching={feed.isFetching}
        error={feed.error}
        errorTitle={t('monitor.events.load_failed')}
        onRetry={() => void feed.refetch()}
        emptyText={t('monitor.events.empty')}
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
        {rows && zipKeys(rows).map(([key, event]) => <EventRow key={key} event={event} />)}
      </MonitorTable>
    </Stack>
  );
}
