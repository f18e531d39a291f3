import { Create, SimpleForm } from 'react-admin';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { newSsoProviderDefaults, SsoProviderInputs } from './SsoProviderInputs';

/** Adds a single sign-on provider, then goes back to the list. */
export function SsoProviderCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={newSsoProviderDefaults}>
        <UnsavedChangesGuard />
        <SsoProviderInputs creating />
      </SimpleForm>
    </Create>
  );
}
