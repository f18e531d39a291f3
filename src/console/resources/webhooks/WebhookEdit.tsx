import { Edit, SimpleForm } from 'react-admin';
import { WebhookInputs } from './WebhookInputs';

/** Changes an endpoint's settings; its secret and log are on its page. */
export function WebhookEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm>
        <WebhookInputs />
      </SimpleForm>
    </Edit>
  );
}
