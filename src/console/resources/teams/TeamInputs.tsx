/**
 * The editable fields of a team (AdminTeamModel): name, bio and lock. Limits come from the spec.
 */
import Stack from '@mui/material/Stack';
import { BooleanInput, TextInput } from 'react-admin';
import { combine, fieldValidator } from '@/api/validation';
import { toRaValidator } from '@/console/validate';

/** The server ignores a blank name (a team always has one): say so instead of saving nothing. */
const notBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === ''
    ? { message: 'validation.not_blank' as const }
    : undefined;

const validateName = toRaValidator(
  combine(fieldValidator('AdminTeamModel', 'name', { required: true }), notBlank),
);
const validateBio = toRaValidator(fieldValidator('AdminTeamModel', 'bio'));

/** An emptied bio is sent as '' (clears it); react-admin would send null, meaning "unchanged". */
const keepEmpty = (value: string) => value;

export function TeamInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={validateName} />
      <TextInput source="bio" multiline minRows={2} parse={keepEmpty} validate={validateBio} />
      <BooleanInput source="locked" helperText="resources.teams.helpers.locked" />
    </Stack>
  );
}
