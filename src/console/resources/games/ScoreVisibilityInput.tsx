/**
 * Who sees the game's scores until it ends (issue 25): the choices are the spec's enum (formMeta),
 * named in the organiser's language. A game read before the setting existed shows the default.
 */
import { SelectInput, required, useTranslate } from 'react-admin';
import { models } from '@/api/formMeta.gen';

const field = models.GameInfoEditModel.fields.scoreVisibility;

export function ScoreVisibilityInput() {
  const translate = useTranslate();
  const choices = field.enum.map((id) => ({
    id,
    name: translate(`scoreVisibility.console.choices.${id}`),
  }));
  return (
    <SelectInput
      source="scoreVisibility"
      label="scoreVisibility.console.label"
      helperText="scoreVisibility.console.helper"
      choices={choices}
      defaultValue="Public"
      validate={required()}
    />
  );
}
