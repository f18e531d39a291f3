import { Edit, SimpleForm } from 'react-admin';
import { WebhookInputs } from './WebhookInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/** Changes an endpoint's settings; its secret and log are on its page. */
export function WebhookEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm>
        <UnsavedChangesGuard />
        <WebhookInputs />
      </SimpleForm>
    </Edit>
  );
}
