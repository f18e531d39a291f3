/**
 * Users, a page at a time (`count`/`skip`), or the matches of the search box (`hint`).
 */
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  BooleanField,
  BulkDeleteButton,
  CreateButton,
  DataTable,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { UserRecord } from '@/console/data/dataRoutes';
import { ListError } from '@/console/ListError';
import { ZonedDateField } from '@/console/fields/ZonedDateField';
import { SignInMethods } from './SignInMethods';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const roleColours = {
  Banned: 'error',
  User: 'default',
  Monitor: 'info',
  Admin: 'warning',
} as const;

export function RoleChip() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip size="small" color={roleColours[record.role]} label={translate(`roles.${record.role}`)} />
  );
}

function UserName() {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={record.avatar ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
        {record.userName?.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{record.userName}</span>
    </Stack>
  );
}

/** Last visit time; "never" when the user never came (0). */
function LastVisit() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.lastVisitedUtc) return <>{translate('resources.users.never')}</>;
  return <ZonedDateField source="lastVisitedUtc" />;
}

export function UserList() {
  return (
    <List
      filters={filters}
      actions={
        // On a phone the Create button floats (a fixed Fab): the toolbar holding it would
        // otherwise keep its height as a blank band above the search box.
        <TopToolbar sx={{ minHeight: { xs: 0, sm: 'auto' } }}>
          <CreateButton />
        </TopToolbar>
      }
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      error={<ListError />}
    >
      <DataTable<UserRecord>
        rowClick="edit"
        bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}
      >
        <DataTable.Col source="userName" disableSort field={UserName} />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="realName" disableSort />
        <DataTable.Col source="stdNumber" disableSort />
        <DataTable.Col source="role" disableSort field={RoleChip} />
        <DataTable.Col source="emailConfirmed" disableSort field={BooleanField} />
        <DataTable.Col source="signIn" disableSort field={SignInMethods} />
        <DataTable.Col source="lastVisitedUtc" disableSort field={LastVisit} />
        <DataTable.Col source="ip" disableSort />
      </DataTable>
    </List>
  );
}
