import Typography from '@mui/material/Typography';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useTranslate,
  useLocaleState,
} from 'react-admin';
import type { PostDetail } from '@/api/types';
import { PostInputs } from './PostInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { formatDateTime } from '@/lib/time/format';

/** Who wrote the post last, and when: saving the text makes the caller the author. */
function LastUpdate() {
  const record = useRecordContext<PostDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('resources.posts.last_update', {
        author: record.authorName ?? translate('resources.posts.deleted_author'),
        time: formatDateTime(record.time, locale),
      })}
    </Typography>
  );
}

function FormToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/** Pessimistic: server errors show before leaving; delete asks for confirmation. */
export function PostEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<FormToolbar />}>
        <UnsavedChangesGuard />
        <LastUpdate />
        <PostInputs />
      </SimpleForm>
    </Edit>
  );
}
