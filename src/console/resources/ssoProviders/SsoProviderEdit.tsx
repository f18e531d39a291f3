import Alert from '@mui/material/Alert';
import { Edit, SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import type { Schemas } from '@/api/types';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { SsoProviderInputs } from './SsoProviderInputs';

/** A provider of the environment is shown, not saved: the server refuses changes to it. */
function EnvironmentNotice() {
  const record = useRecordContext<Schemas['SsoProviderModel']>();
  const translate = useTranslate();
  if (!record?.fromEnvironment) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('resources.ssoProviders.from_environment')}
    </Alert>
  );
}

/** Changes a provider's settings; a blank client secret keeps the stored one. */
export function SsoProviderEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <UnsavedChangesGuard />
        <EnvironmentNotice />
        <SsoProviderInputs />
      </SimpleForm>
    </Edit>
  );
}
