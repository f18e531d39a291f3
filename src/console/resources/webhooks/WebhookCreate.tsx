import { Create, SimpleForm } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { newWebhookDefaults, WebhookInputs } from './WebhookInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/** Adds an endpoint (for the game of `?gameId=` when given), then opens its page and secret. */
export function WebhookCreate() {
  const [search] = useSearchParams();
  const gameId = Number(search.get('gameId')) || undefined;
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={newWebhookDefaults(gameId)}>
        <UnsavedChangesGuard />
        <WebhookInputs />
      </SimpleForm>
    </Create>
  );
}
