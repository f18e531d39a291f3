/**
 * Creates users in one batch (`POST /api/admin/users`, all or nothing): a table of rows, typed in
 * or pasted as CSV. Each row: user name, email, password, real name, student number, phone, team.
 */
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  Create,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  type RaRecord,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { specValidator } from '@/console/validate';
import { CsvImport } from './CsvImport';
import { emptyRow } from './csv';
import { UserIdentityInputs } from './UserInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

function BatchRows() {
  return (
    <>
      <CsvImport />
      <SimpleFormIterator
        inline
        disableReordering
        sx={{
          '& .RaSimpleFormIterator-line': { py: 1 },
          // two lines per user on wide screens: a grid keeps the page from growing sideways
          '& .RaSimpleFormIterator-form': {
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 200px)', lg: 'repeat(4, 200px)' },
            gap: 1,
          },
        }}
      >
        <UserIdentityInputs model="UserCreateModel" inline />
        <TextInput
          source="teamName"
          size="small"
          sx={{ width: '100%' }}
          helperText={false}
          validate={specValidator('UserCreateModel', 'teamName')}
        />
      </SimpleFormIterator>
    </>
  );
}

export function UserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (created: RaRecord) => {
          notify('resources.users.create.done', { messageArgs: { smart_count: created.count } });
          redirect('list', 'users');
        },
      }}
    >
      <SimpleForm defaultValues={{ users: [emptyRow()] }}>
        <UnsavedChangesGuard />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.users.create.intro')}
        </Typography>
        <ArrayInput source="users" label="resources.users.create.rows" validate={required()}>
          <BatchRows />
        </ArrayInput>
      </SimpleForm>
    </Create>
  );
}
