/**
 * The allowed email domains (`emailDomainList`, comma-separated in the API) edited as chips:
 * Enter, a comma, a space or leaving the field adds what was typed; pasted lists are split.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import { specValidator } from '@/console/validate';
import { domainsOf } from './sections';

const validate = specValidator('AccountPolicy', 'emailDomainList');
const keepEmpty = (value: string) => value;

export function DomainListInput() {
  const {
    field,
    fieldState: { error, invalid },
    id,
  } = useInput({ source: 'emailDomainList', validate, parse: keepEmpty });
  const [typed, setTyped] = useState('');
  const domains = domainsOf(field.value);
  const change = (next: unknown) => field.onChange(domainsOf(next).join(','));
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={domains}
      onChange={(_, next) => change(next)}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' && /[,\s]/.test(text)) {
          change([...domains, text]);
          setTyped('');
        } else setTyped(text);
      }}
      onBlur={field.onBlur}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          inputRef={field.ref}
          label={<FieldTitle source="emailDomainList" resource="settings" />}
          error={invalid}
          helperText={
            <InputHelperText
              error={error?.message}
              helperText={
                domains.length === 0
                  ? 'resources.settings.helpers.any_domain'
                  : 'resources.settings.helpers.emailDomainList'
              }
            />
          }
        />
      )}
    />
  );
}
