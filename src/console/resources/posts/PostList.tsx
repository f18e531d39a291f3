/**
 * Every post, pinned ones first, then the most recently updated, with a pin switch per row.
 * The API answers all posts at once; the route table pages them.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  BulkDeleteButton,
  CreateButton,
  DataTable,
  List,
  Pagination,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Post } from '@/api/types';
import { ListError } from '@/console/ListError';
import { PinSwitch } from './PinSwitch';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

/** The summary's first lines (it is Markdown, shown here as text). */
function Summary() {
  const record = useRecordContext<Post>();
  if (!record) return null;
  return (
    <Box
      component="span"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        maxWidth: 480,
        color: 'text.secondary',
      }}
    >
      {record.summary}
    </Box>
  );
}

export function PostAuthor() {
  const record = useRecordContext<Post>();
  const translate = useTranslate();
  if (!record) return null;
  const name = record.authorName ?? translate('resources.posts.deleted_author');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={record.authorAvatar ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{name}</span>
    </Stack>
  );
}

export function PostList() {
  return (
    <List
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListError />}
    >
      <DataTable<Post>
        rowClick="edit"
        bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}
      >
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="summary" disableSort field={Summary} />
        <DataTable.Col source="isPinned" disableSort field={PinSwitch} />
        <DataTable.Col source="authorName" disableSort field={PostAuthor} />
        <DataTable.Col source="time" disableSort>
          <ZonedDateField source="time" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
