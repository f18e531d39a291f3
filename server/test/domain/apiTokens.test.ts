// The pure rules of personal API tokens (issue 26): their form, URLs that carry one (refused and
// redacted from logs), and what a scope allows.
import { describe, expect, it } from 'vitest';
import {
  bearerTokenOf,
  newApiToken,
  newTokenProblem,
  redactTokens,
  scopeAllows,
  urlCarriesToken,
} from '#server/domain/apiTokens.js';
import { scopeFitsRole } from '#server/db/tables/apiTokens.js';

describe('API tokens', () => {
  it('are vexil_pat_ and 43 base64url characters, each new', () => {
    const a = newApiToken();
    expect(a).toMatch(/^vexil_pat_[A-Za-z0-9_-]{43}$/);
    expect(newApiToken()).not.toBe(a);
  });

  it('are found and redacted in URLs', () => {
    const token = newApiToken();
    for (const url of [`/api/x?token=${token}`, `/api/x?access_token=abc`, `/api/${token}`]) {
      expect(urlCarriesToken(url), url).toBe(true);
      expect(redactTokens(url)).not.toContain(token.slice(10));
      expect(redactTokens(url)).not.toContain('abc');
    }
    expect(urlCarriesToken('/api/game/1/challenges/2')).toBe(false);
  });

  it('read the Bearer header only', () => {
    expect(bearerTokenOf('Bearer abc')).toBe('abc');
    expect(bearerTokenOf('bearer  abc ')).toBe('abc');
    expect(bearerTokenOf('Basic abc')).toBeUndefined();
    expect(bearerTokenOf(undefined)).toBeUndefined();
  });

  it('scopes: Read < Play < Admin, None for nobody; Admin only for admins, nothing when banned', () => {
    expect(scopeAllows('Read', 'Read')).toBe(true);
    expect(scopeAllows('Read', 'Play')).toBe(false);
    expect(scopeAllows('Play', 'Read')).toBe(true);
    expect(scopeAllows('Play', 'Admin')).toBe(false);
    expect(scopeAllows('Admin', 'Play')).toBe(true);
    expect(scopeAllows('Admin', 'None')).toBe(false);
    expect(scopeFitsRole('Admin', 'Monitor')).toBe(false);
    expect(scopeFitsRole('Play', 'User')).toBe(true);
    expect(scopeFitsRole('Read', 'Banned')).toBe(false);
    const now = 1_000_000;
    expect(newTokenProblem({ scope: 'Admin' }, scopeFitsRole('Admin', 'User'), now)).toMatch(
      /not available/,
    );
    expect(newTokenProblem({ scope: 'Read', expiresAt: now }, true, now)).toMatch(/future/);
    expect(newTokenProblem({ scope: 'Read', expiresAt: null }, true, now)).toBeNull();
  });
});
