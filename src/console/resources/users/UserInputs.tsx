/**
 * Inputs of a user, shared by UserEdit and the rows of UserCreate. Limits, patterns and role
 * choices come from the spec (formMeta), never re-typed.
 */
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import Stack from '@mui/material/Stack';
import { enumChoices } from '@/api/validation';
import { specValidator } from '@/console/validate';

type Model = 'AdminUserInfoModel' | 'UserCreateModel';

/** Texts that may be emptied keep '' (react-admin would send null, which means "unchanged"). */
const keepEmpty = (value: string) => value;

export const roleChoices = enumChoices('Role').map((role) => ({ id: role, name: `roles.${role}` }));

/** User name, email and the personal fields: what both forms have. */
export function UserIdentityInputs({ model, inline = false }: { model: Model; inline?: boolean }) {
  const size = inline ? 'small' : undefined;
  const helperText = inline ? false : undefined;
  const sx = inline ? { width: '100%' } : undefined;
  return (
    <>
      <TextInput
        source="userName"
        size={size}
        sx={sx}
        helperText={helperText}
        validate={specValidator(model, 'userName', { required: true })}
      />
      <TextInput
        source="email"
        type="email"
        size={size}
        sx={sx}
        helperText={helperText}
        validate={specValidator(model, 'email', { required: true })}
      />
      {model === 'UserCreateModel' && (
        <TextInput
          source="password"
          size={size}
          sx={sx}
          helperText={helperText}
          validate={specValidator('UserCreateModel', 'password')}
        />
      )}
      <TextInput
        source="realName"
        size={size}
        sx={sx}
        helperText={helperText}
        parse={keepEmpty}
        validate={specValidator(model, 'realName')}
      />
      <TextInput
        source="stdNumber"
        size={size}
        sx={sx}
        helperText={helperText}
        parse={keepEmpty}
        validate={specValidator(model, 'stdNumber')}
      />
      <TextInput
        source="phone"
        type="tel"
        size={size}
        sx={sx}
        helperText={helperText}
        validate={specValidator(model, 'phone')}
      />
    </>
  );
}

const roleRequired = specValidator('AdminUserInfoModel', 'role', { required: true });

/** The edit form: identity, role (Banned = banned), confirmation and bio. */
export function UserInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 720 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ columnGap: 2 }}>
        <SelectInput source="role" choices={roleChoices} validate={roleRequired} />
        <BooleanInput source="emailConfirmed" helperText="resources.users.helpers.emailConfirmed" />
      </Stack>
      <UserIdentityInputs model="AdminUserInfoModel" />
      <TextInput
        source="bio"
        multiline
        minRows={2}
        parse={keepEmpty}
        validate={specValidator('AdminUserInfoModel', 'bio')}
      />
    </Stack>
  );
}
