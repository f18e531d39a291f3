/**
 * The server's log, newest first, a page at a time, of one level or all; entries pushed over
 * `/hub/admin` appear on top of the first page while the page is open (see ./useLiveLogs.ts).
 */
import Typography from '@mui/material/Typography';
import { DataTable, List, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { levelFilterOf, type LogRecord } from '@/console/data/logRoutes';
import { ListError } from '@/console/ListError';
import { ScrollableListCard } from '@/console/ScrollableListCard';
import { LevelInput } from './LevelInput';
import { LevelChip, MessageField, StatusField } from './LogFields';
import { LiveStatus } from './LiveStatus';
import { LogPagination } from './LogPagination';
import { mergeLive, unseenEntries } from './liveLogs';
import { useLiveLogs, type LiveLogs } from './useLiveLogs';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

const filters = [<LevelInput key="level" source="level" alwaysOn />];

/** The live state and its pause toggle, beside the level filter. */
function LiveActions({ live }: { live: LiveLogs }) {
  const { data, page, filterValues } = useListContext<LogRecord>();
  return (
    <TopToolbar>
      <LiveStatus
        connection={live.connection}
        paused={live.paused}
        waiting={unseenEntries(live.held, data ?? [], levelFilterOf(filterValues)).length}
        onFirstPage={page === 1}
        setPaused={live.setPaused}
      />
    </TopToolbar>
  );
}

/** The fetched page, with the pushed entries on top when it is the first one. */
function LiveLogTable({ live }: { live: LiveLogs }) {
  const translate = useTranslate();
  const { data, page, perPage, total, filterValues } = useListContext<LogRecord>();
  const level = levelFilterOf(filterValues);
  const rows = data && page === 1 ? mergeLive(live.shown, data, { level, perPage }) : data;
  const fetched = new Set(data?.map((record) => record.id));
  return (
    <DataTable<LogRecord>
      data={rows}
      total={Math.max(total ?? 0, rows?.length ?? 0)}
      bulkActionButtons={false}
      rowClick={false}
      rowSx={(record) => (fetched.has(record.id) ? {} : { bgcolor: 'action.selected' })}
      empty={
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('resources.logs.empty')}
        </Typography>
      }
    >
      <DataTable.Col source="time" disableSort>
        <ZonedDateField source="time" />
      </DataTable.Col>
      <DataTable.Col source="level" disableSort field={LevelChip} />
      <DataTable.Col source="name" disableSort />
      <DataTable.Col source="ip" disableSort />
      <DataTable.Col source="msg" disableSort field={MessageField} />
      <DataTable.Col source="status" disableSort field={StatusField} />
    </DataTable>
  );
}

export function LogList() {
  const live = useLiveLogs();
  return (
    <List
      filters={filters}
      actions={<LiveActions live={live} />}
      perPage={50}
      pagination={<LogPagination />}
      exporter={false}
      empty={false}
      error={<ListError />}
      component={ScrollableListCard}
    >
      <LiveLogTable live={live} />
    </List>
  );
}
