/**
 * Registration and sign-in (`accountPolicy`): every flag and the allowed email domains. The API
 * wants the whole section, so the save always sends every field.
 */
import { BooleanInput } from 'react-admin';
import type { AccountPolicy } from '@/api/types';
import { DomainListInput } from './DomainListInput';
import { SettingsSection } from './SettingsSection';

const FLAGS = [
  'allowRegister',
  'activeOnRegister',
  'emailConfirmationRequired',
  'useCaptcha',
  'ssoOnly',
] as const satisfies (keyof AccountPolicy)[];

export function AccountPolicySection({ record }: { record: AccountPolicy | null | undefined }) {
  return (
    <SettingsSection name="accountPolicy" record={record}>
      {FLAGS.map((flag) => (
        <BooleanInput key={flag} source={flag} helperText={`resources.settings.helpers.${flag}`} />
      ))}
      <DomainListInput />
      <BooleanInput
        source="requireSecondStepForStaff"
        label="twoStep.console.require_for_staff"
        helperText="twoStep.console.require_for_staff_help"
      />
    </SettingsSection>
  );
}
