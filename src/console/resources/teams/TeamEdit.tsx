import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Edit,
  ListButton,
  SimpleForm,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TeamInfo } from '@/api/types';
import { TeamAvatar } from './TeamAvatar';
import { TeamInputs } from './TeamInputs';
import { MemberList } from './TeamMembers';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/** Avatar and id: shown, not edited (the captain changes the avatar). */
function TeamHeader() {
  const record = useRecordContext<TeamInfo>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <TeamAvatar size={56} />
      <Typography variant="body2" color="text.secondary">
        {translate('resources.teams.facts', { id: record.id })}
      </Typography>
    </Stack>
  );
}

/**
 * Name, bio and lock, beside the members. Pessimistic: server errors show before leaving; delete
 * asks for confirmation.
 */
export function TeamEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <SimpleForm>
        <UnsavedChangesGuard />
        <TeamHeader />
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ width: '100%', gap: 3 }}>
          <TeamInputs />
          <Paper variant="outlined" sx={{ p: 2, minWidth: 280, alignSelf: 'flex-start' }}>
            <MemberList />
          </Paper>
        </Stack>
      </SimpleForm>
    </Edit>
  );
}
