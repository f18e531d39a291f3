/**
 * One endpoint's page: its settings, the signing secret (shown on demand, copied, renewed), the
 * delivery log and "Send test".
 */
import Stack from '@mui/material/Stack';
import {
  BooleanField,
  DeleteButton,
  EditButton,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DeliveryLog } from './DeliveryLog';
import { SecretField } from './SecretField';
import { EventsField, FormatField, ScopeField } from './WebhookFields';
import { WebhookHelpButton } from './WebhookHelp';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

function Actions() {
  return (
    <TopToolbar>
      <WebhookHelpButton />
      <EditButton />
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

export function WebhookShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="url" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }} />
        <Stack direction="row" sx={{ gap: 4, flexWrap: 'wrap' }}>
          <Labeled label="resources.webhooks.fields.scope">
            <ScopeField />
          </Labeled>
          <Labeled source="format">
            <FormatField />
          </Labeled>
          <Labeled source="enabled">
            <BooleanField source="enabled" />
          </Labeled>
          <Labeled source="holdDuringFreeze">
            <BooleanField source="holdDuringFreeze" />
          </Labeled>
          <Labeled source="createdAt">
            <ZonedDateField source="createdAt" />
          </Labeled>
        </Stack>
        <Labeled source="events">
          <EventsField />
        </Labeled>
        <SecretField />
        <DeliveryLog />
      </SimpleShowLayout>
    </Show>
  );
}
