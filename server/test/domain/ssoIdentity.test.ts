// Single sign-on rules without I/O (issue 26): return paths, claims through a field mapping, user
// names, and the providers of the environment.
import { describe, expect, it } from 'vitest';
import {
  baseUserName,
  identityFromClaims,
  localReturnPath,
  userNameCandidate,
} from '#server/domain/sso/identity.js';
import { DEFAULT_MAPPING, providersFromEnvironment } from '#server/domain/sso/providers.js';

describe('localReturnPath', () => {
  it('keeps paths of this site and refuses everything that leaves it', () => {
    expect(localReturnPath(undefined)).toBe('/');
    expect(localReturnPath('/games/1?tab=board#top')).toBe('/games/1?tab=board#top');
    for (const from of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'games',
      '/a\nb',
      '/\t/evil.example',
    ])
      expect(localReturnPath(from), JSON.stringify(from)).toBeNull();
  });
});

describe('identityFromClaims', () => {
  it('reads mapped fields, dotted paths and numbers, and trusts only an explicit verified', () => {
    const github = { ...DEFAULT_MAPPING, subject: 'id', userName: 'login', emailVerified: '' };
    expect(identityFromClaims({ id: 42, login: 'octo', email: 'o@x.org' }, github)).toEqual({
      subject: '42',
      userName: 'octo',
      email: 'o@x.org',
      emailVerified: false,
      displayName: null,
    });
    const nested = { ...DEFAULT_MAPPING, email: 'data.mail', emailVerified: 'data.ok' };
    expect(
      identityFromClaims({ sub: 's', data: { mail: 'a@b.org', ok: 'true' } }, nested),
    ).toMatchObject({ email: 'a@b.org', emailVerified: true });
    expect(
      identityFromClaims({ sub: 's', email: 'a@b.org', email_verified: 'yes' }, DEFAULT_MAPPING)
        ?.emailVerified,
    ).toBe(false);
    expect(identityFromClaims({ email: 'a@b.org' }, DEFAULT_MAPPING)).toBeNull();
  });
});

describe('user names', () => {
  it('cuts names to 3–15 characters without spaces or @, and numbers the candidates', () => {
    const identity = (userName: string | null, email: string | null = null) => ({
      subject: 's',
      userName,
      email,
      emailVerified: false,
      displayName: null,
    });
    expect(baseUserName(identity('Ada Lovelace of London'))).toBe('AdaLovelaceofLo');
    expect(baseUserName(identity(null, 'jo@example.org'))).toBe('jouser');
    expect(baseUserName(identity('a@b'))).toBe('abuser');
    expect(userNameCandidate('averyveryverylo', 1, 1234)).toBe('averyveryveryl2');
    expect(userNameCandidate('ada', 7, 1234)).toBe('ada1234');
  });
});

describe('providersFromEnvironment', () => {
  it('reads a JSON array and stops the start on a mistake', () => {
    const [provider] = providersFromEnvironment(
      '[{"id":"campus","issuer":"https://login.example","clientId":"c","clientSecret":"s"}]',
    );
    expect(provider).toMatchObject({
      id: 'campus',
      name: 'campus',
      kind: 'OpenIdConnect',
      scopes: 'openid email profile',
      clientSecret: 's',
      fromEnvironment: true,
      enabled: true,
    });
    expect(() => providersFromEnvironment('{')).toThrow(/VEXIL_SSO_PROVIDERS/);
    expect(() => providersFromEnvironment('[{"id":"x","clientId":"c"}]')).toThrow(/issuer/);
    expect(() =>
      providersFromEnvironment(
        '[{"id":"x","issuer":"https://a.example","clientId":"c"},{"id":"x","issuer":"https://a.example","clientId":"c"}]',
      ),
    ).toThrow(/twice/);
  });
});
