/**
 * Teams or individual play (issue 25): the choices are the spec's enum (formMeta), named in the
 * organiser's language. A game read before the setting existed shows the default. The server
 * refuses a change once anyone has registered; the helper says so before the organiser tries.
 */
import { SelectInput, required, useTranslate } from 'react-admin';
import { models } from '@/api/formMeta.gen';

const field = models.GameInfoEditModel.fields.playMode;

export function PlayModeInput() {
  const translate = useTranslate();
  const choices = field.enum.map((id) => ({
    id,
    name: translate(`individualPlay.console.choices.${id}`),
  }));
  return (
    <SelectInput
      source="playMode"
      label="individualPlay.console.label"
      helperText="individualPlay.console.helper"
      choices={choices}
      defaultValue="Teams"
      validate={required()}
    />
  );
}
