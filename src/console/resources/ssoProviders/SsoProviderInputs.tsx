/**
 * Inputs of a single sign-on provider, shared by its create and edit pages: id (on creation
 * only), name, kind, the issuer or the OAuth 2 endpoints (as the kind needs), client id, a
 * write-only client secret, scopes, the field mapping and enabled; limits from the spec.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  FormDataConsumer,
  PasswordInput,
  SelectInput,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { specValidator } from '@/console/validate';
import { httpUrl } from '@/console/resources/webhooks/WebhookInputs';

const KINDS = ['OpenIdConnect', 'OAuth2'] as const;
const MAPPING = ['subject', 'userName', 'email', 'emailVerified', 'displayName'] as const;

/** A new provider's values: OpenID Connect with the standard claims, enabled. */
export const newSsoProviderDefaults = {
  kind: 'OpenIdConnect',
  scopes: '',
  mapping: {
    subject: 'sub',
    userName: 'preferred_username',
    email: 'email',
    emailVerified: 'email_verified',
    displayName: 'name',
  },
  enabled: true,
};

export function SsoProviderInputs({ creating = false }: { creating?: boolean }) {
  const translate = useTranslate();
  const kindChoices = KINDS.map((id) => ({
    id,
    name: translate(`resources.ssoProviders.kinds.${id}`),
  }));
  const url = (
    field: 'issuer' | 'authorizationEndpoint' | 'tokenEndpoint' | 'userInfoEndpoint',
    needed: boolean,
  ) => (
    <TextInput
      source={field}
      type="url"
      helperText={`resources.ssoProviders.helpers.${field}`}
      validate={[specValidator('SsoProviderInput', field, { required: needed }), httpUrl]}
    />
  );
  return (
    <Stack sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput
        source="id"
        disabled={!creating}
        helperText="resources.ssoProviders.helpers.id"
        validate={specValidator('SsoProviderInput', 'id', { required: true })}
      />
      <TextInput
        source="name"
        helperText="resources.ssoProviders.helpers.name"
        validate={specValidator('SsoProviderInput', 'name', { required: true })}
      />
      <SelectInput source="kind" choices={kindChoices} validate={required()} />
      <FormDataConsumer<{ kind?: string }>>
        {({ formData }) =>
          formData.kind === 'OAuth2' ? (
            <>
              {url('authorizationEndpoint', true)}
              {url('tokenEndpoint', true)}
              {url('userInfoEndpoint', true)}
              {url('issuer', false)}
            </>
          ) : (
            url('issuer', true)
          )
        }
      </FormDataConsumer>
      <TextInput
        source="clientId"
        helperText="resources.ssoProviders.helpers.clientId"
        validate={specValidator('SsoProviderInput', 'clientId', { required: true })}
      />
      <PasswordInput
        source="clientSecret"
        autoComplete="new-password"
        helperText={
          creating
            ? 'resources.ssoProviders.helpers.clientSecret'
            : 'resources.ssoProviders.helpers.clientSecretKept'
        }
        validate={specValidator('SsoProviderInput', 'clientSecret')}
      />
      <TextInput
        source="scopes"
        helperText="resources.ssoProviders.helpers.scopes"
        validate={specValidator('SsoProviderInput', 'scopes')}
      />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate('resources.ssoProviders.mapping_title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {translate('resources.ssoProviders.helpers.mapping')}
      </Typography>
      {MAPPING.map((field) => (
        <TextInput
          key={field}
          source={`mapping.${field}`}
          label={`resources.ssoProviders.fields.mapping.${field}`}
          validate={specValidator('SsoFieldMapping', field, { required: field === 'subject' })}
        />
      ))}
      <BooleanInput source="enabled" helperText="resources.ssoProviders.helpers.enabled" />
    </Stack>
  );
}
