import { describe, expect, it } from 'vitest';
import { emailDomainAllowed, registerOutcome } from '#server/domain/accountPolicy.js';
import { defaultSettings } from '#server/domain/siteSettings.js';

describe('account policy rules', () => {
  it('allows every domain with an empty list', () => {
    expect(emailDomainAllowed('a@anything.org', '')).toBe(true);
    expect(emailDomainAllowed('a@anything.org', ' , ')).toBe(true);
  });

  it('matches the part after @ exactly against trimmed entries', () => {
    const list = ' school.edu ,lab.org';
    expect(emailDomainAllowed('a@school.edu', list)).toBe(true);
    expect(emailDomainAllowed('a@lab.org', list)).toBe(true);
    expect(emailDomainAllowed('a@School.edu', list)).toBe(false);
    expect(emailDomainAllowed('a@sub.school.edu', list)).toBe(false);
    expect(emailDomainAllowed('school.edu', list)).toBe(false);
  });

  it('decides the registration outcome', () => {
    const policy = defaultSettings.accountPolicy;
    expect(registerOutcome(policy)).toBe('LoggedIn');
    expect(registerOutcome({ ...policy, emailConfirmationRequired: true })).toBe('LoggedIn');
    expect(registerOutcome({ ...policy, activeOnRegister: false })).toBe(
      'AdminConfirmationRequired',
    );
    expect(
      registerOutcome({ ...policy, activeOnRegister: false, emailConfirmationRequired: true }),
    ).toBe('EmailConfirmationRequired');
  });
});
