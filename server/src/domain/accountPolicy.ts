/** Rules of the admin's account policy that decide sign-up and the mail flows. Pure: no I/O. */
import type { components } from '#wire/schema.gen.js';
import type { AccountPolicy } from './siteSettings.js';

export type RegisterStatus = components['schemas']['RegisterStatus'];

/** The allow-list is comma-separated, entries trimmed; empty means every domain. The part after
 *  the `@` must equal an entry exactly (case-sensitive). */
export function emailDomainAllowed(email: string, domainList: string): boolean {
  const allowed = domainList
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (allowed.length === 0) return true;
  const at = email.lastIndexOf('@');
  return at >= 0 && allowed.includes(email.slice(at + 1));
}

/** What a new account must do next, from the policy. */
export function registerOutcome(policy: AccountPolicy): RegisterStatus {
  if (policy.activeOnRegister) return 'LoggedIn';
  return policy.emailConfirmationRequired
    ? 'EmailConfirmationRequired'
    : 'AdminConfirmationRequired';
}
