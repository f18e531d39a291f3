/** A new password and its repetition, as registration and password reset ask for them. */
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/lib/forms/useForm';
import { PasswordField } from './PasswordField';

export function NewPasswordFields(props: {
  password: FieldProps;
  confirm: FieldProps;
  label: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...props.password}
        label={props.label}
        autoComplete="new-password"
        autoFocus={props.autoFocus}
        required
      />
      <PasswordField
        {...props.confirm}
        label={t('account.fields.password_again')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
