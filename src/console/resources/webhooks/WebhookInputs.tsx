/**
 * Inputs of a webhook, shared by WebhookCreate and WebhookEdit: name, URL, format, the game (none
 * for every game), the events as checkboxes (with "How webhooks work" below them), enabled,
 * whether the scoreboard freeze holds its solves; limits from the spec (formMeta).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { WebhookFormat } from '@/api/types';
import { WEBHOOK_EVENTS } from '@/console/data/webhookRoutes';
import { specValidator } from '@/console/validate';
import { WebhookHelpButton } from './WebhookHelp';

const FORMATS: WebhookFormat[] = ['Discord', 'Slack', 'Json'];

/** http(s) URLs only, as the server checks. */
export const httpUrl: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const { protocol } = new URL(value.trim());
    if (protocol === 'http:' || protocol === 'https:') return undefined;
  } catch {
    // not a URL at all
  }
  return 'resources.webhooks.validation.url';
};

/** A new endpoint's values: every game, solves and bloods, enabled. */
export const newWebhookDefaults = (gameId?: number) => ({
  format: 'Discord' as WebhookFormat,
  gameId: gameId ?? null,
  events: ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Notice'],
  enabled: true,
  holdDuringFreeze: true,
});

export function WebhookInputs() {
  const translate = useTranslate();
  const formatChoices = FORMATS.map((id) => ({
    id,
    name: translate(`resources.webhooks.formats.${id}`),
  }));
  const eventChoices = WEBHOOK_EVENTS.map((id) => ({
    id,
    name: translate(`resources.webhooks.events.${id}`),
  }));
  return (
    <Stack sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput
        source="url"
        type="url"
        helperText="resources.webhooks.helpers.url"
        validate={[specValidator('WebhookCreateModel', 'url', { required: true }), httpUrl]}
      />
      <TextInput
        source="name"
        helperText="resources.webhooks.helpers.name"
        validate={specValidator('WebhookCreateModel', 'name')}
      />
      <SelectInput source="format" choices={formatChoices} validate={required()} />
      <ReferenceInput source="gameId" reference="games" perPage={100}>
        <AutocompleteInput
          optionText="title"
          emptyText="resources.webhooks.all_games"
          helperText="resources.webhooks.helpers.gameId"
          parse={(value: unknown) => (value === '' || value === undefined ? null : value)}
        />
      </ReferenceInput>
      <CheckboxGroupInput
        source="events"
        choices={eventChoices}
        helperText="resources.webhooks.helpers.events"
      />
      <Box sx={{ mb: 1 }}>
        <WebhookHelpButton />
      </Box>
      <BooleanInput source="enabled" helperText="resources.webhooks.helpers.enabled" />
      <BooleanInput
        source="holdDuringFreeze"
        helperText="resources.webhooks.helpers.holdDuringFreeze"
      />
    </Stack>
  );
}
