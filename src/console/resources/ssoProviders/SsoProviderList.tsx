/**
 * Every single sign-on provider, by id: name, id, kind, client id, whether a secret is set,
 * enabled, and where it is configured (environment or console). A row opens its settings.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  BooleanField,
  CreateButton,
  DataTable,
  List,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Schemas } from '@/api/types';
import { ListError } from '@/console/ListError';

type SsoProvider = Schemas['SsoProviderModel'];

function KindField() {
  const record = useRecordContext<SsoProvider>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`resources.ssoProviders.kinds.${record.kind}`)}</span>;
}

function SourceField() {
  const record = useRecordContext<SsoProvider>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate(
        record.fromEnvironment
          ? 'resources.ssoProviders.environment'
          : 'resources.ssoProviders.console',
      )}
    />
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate('resources.ssoProviders.empty')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('resources.ssoProviders.invite')}</Typography>
      <CreateButton variant="contained" />
    </Box>
  );
}

export function SsoProviderList() {
  return (
    <List
      empty={<Empty />}
      error={<ListError />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      pagination={false}
      perPage={1000}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="id" />
        <DataTable.Col source="kind" render={() => <KindField />} />
        <DataTable.Col source="clientId" />
        <DataTable.Col source="hasClientSecret">
          <BooleanField source="hasClientSecret" />
        </DataTable.Col>
        <DataTable.Col source="enabled">
          <BooleanField source="enabled" />
        </DataTable.Col>
        <DataTable.Col source="fromEnvironment" render={() => <SourceField />} />
      </DataTable>
    </List>
  );
}
