/**
 * Every running challenge container of every game, read again every 10 s: the next to expire
 * first, filtered by game, team or challenge, destroyed one by one or in bulk after a
 * confirmation.
 */
import {
  BulkDeleteButton,
  DataTable,
  DeleteButton,
  List,
  Pagination,
  SearchInput,
  useRecordContext,
} from 'react-admin';
import {
  DEFAULT_INSTANCE_SORT,
  instanceLabel,
  type InstanceRecord,
} from '@/console/data/instanceRoutes';
import { ListError } from '@/console/ListError';
import { ChallengeField, EntryField, ExpiryField, GameField, TeamField } from './InstanceFields';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

export const REFRESH_INTERVAL_MS = 10_000;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Destroys the row's container once confirmed; the dialog names its team and challenge. */
function DestroyButton() {
  const record = useRecordContext<InstanceRecord>();
  if (!record) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      redirect={false}
      titleTranslateOptions={{ recordRepresentation: instanceLabel(record) }}
    />
  );
}

export function InstanceList() {
  return (
    <List
      filters={filters}
      sort={DEFAULT_INSTANCE_SORT}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      queryOptions={{ refetchInterval: REFRESH_INTERVAL_MS }}
      exporter={false}
      error={<ListError />}
    >
      <DataTable<InstanceRecord>
        rowClick={false}
        bulkActionButtons={
          <BulkDeleteButton
            mutationMode="pessimistic"
            label="resources.instances.action.delete"
            confirmTitle="resources.instances.message.bulk_delete_title"
            confirmContent="resources.instances.message.bulk_delete_content"
          />
        }
      >
        <DataTable.Col
          source="team.name"
          label="resources.instances.fields.team"
          field={TeamField}
        />
        <DataTable.Col
          source="challenge.title"
          label="resources.instances.fields.challenge"
          field={ChallengeField}
        />
        <DataTable.Col
          source="game.title"
          label="resources.instances.fields.game"
          field={GameField}
        />
        <DataTable.Col source="image" disableSort />
        <DataTable.Col
          source="ip"
          label="resources.instances.fields.entry"
          disableSort
          field={EntryField}
        />
        <DataTable.Col source="startedAt">
          <ZonedDateField source="startedAt" />
        </DataTable.Col>
        <DataTable.Col source="expectStopAt" field={ExpiryField} />
        <DataTable.Col align="right" disableSort>
          <DestroyButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
