/**
 * Teams with their members, a page at a time (`count`/`skip`), or the matches of the search box
 * (`hint`: part of a name, or a team id). Teams are created by players, not here.
 */
import Typography from '@mui/material/Typography';
import {
  BulkDeleteButton,
  DataTable,
  List,
  Pagination,
  SearchInput,
  useRecordContext,
} from 'react-admin';
import type { TeamInfo } from '@/api/types';
import { ListError } from '@/console/ListError';
import { LockSwitch } from './LockSwitch';
import { TeamAvatar } from './TeamAvatar';
import { MemberChips } from './TeamMembers';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The bio on at most two lines; the whole text on hover. */
function Bio() {
  const record = useRecordContext<TeamInfo>();
  if (!record?.bio) return null;
  return (
    <Typography
      variant="body2"
      title={record.bio}
      sx={{
        maxWidth: 320,
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {record.bio}
    </Typography>
  );
}

export function TeamList() {
  return (
    <List
      filters={filters}
      actions={false}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      error={<ListError />}
    >
      <DataTable<TeamInfo>
        rowClick="edit"
        bulkActionButtons={
          <BulkDeleteButton
            mutationMode="pessimistic"
            confirmTitle="resources.teams.bulk_delete.title"
            confirmContent="resources.teams.bulk_delete.content"
          />
        }
      >
        <DataTable.Col source="avatar" disableSort field={TeamAvatar} />
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="bio" disableSort field={Bio} />
        <DataTable.Col source="members" disableSort field={MemberChips} />
        <DataTable.Col source="locked" disableSort field={LockSwitch} />
      </DataTable>
    </List>
  );
}
