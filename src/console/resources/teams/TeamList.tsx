/**
 * Teams with their members, a page at a time (`count`/`skip`), or the matches of the search box
 * (`hint`: part of a name, or a team id). Teams are created by players, not here.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BulkDeleteButton,
  DataTable,
  List,
  Pagination,
  SearchInput,
  useRecordContext,
  useTranslate,
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

/**
 * The name, and for a player's personal entry for individual games (issue 25) a chip saying so:
 * it is named after the player (renamed with them) and is not a team anyone made.
 */
function Name() {
  const record = useRecordContext<TeamInfo>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{record.name}</span>
      {record.personal && (
        <Chip
          size="small"
          variant="outlined"
          label={translate('individualPlay.console.personal_entry')}
          title={translate('individualPlay.console.personal_entry_help')}
        />
      )}
    </Stack>
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
        <DataTable.Col source="name" disableSort field={Name} />
        <DataTable.Col source="bio" disableSort field={Bio} />
        <DataTable.Col source="members" disableSort field={MemberChips} />
        <DataTable.Col source="locked" disableSort field={LockSwitch} />
      </DataTable>
    </List>
  );
}
