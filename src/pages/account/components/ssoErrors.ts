/** The codes the server's single sign-on redirects carry in `?sso_error=` (issue 26). */
export const SSO_ERRORS = [
  'InvalidState',
  'ProviderRefused',
  'ProviderUnreachable',
  'SignInFailed',
  'RegistrationClosed',
  'EmailMissing',
  'EmailTaken',
  'EmailDomain',
  'Banned',
  'AwaitingConfirmation',
  'ConfirmationMailed',
  'LinkedElsewhere',
  'AlreadyLinked',
  'NotSignedIn',
  'UnknownProvider',
  'BadReturnPath',
] as const;

export type SsoError = (typeof SSO_ERRORS)[number];

/** The known code of a query value (an unknown one reads as a failed sign-in), or null. */
export function ssoErrorOf(value: string | null): SsoError | null {
  if (!value) return null;
  return (SSO_ERRORS as readonly string[]).includes(value) ? (value as SsoError) : 'SignInFailed';
}

/** Outcomes that are news, not failures. */
export const ssoErrorSeverity = (code: SsoError) =>
  code === 'ConfirmationMailed' || code === 'AwaitingConfirmation' ? 'info' : 'error';
