import { describe, expect, it } from 'vitest';
import { accountKey, lockoutSeconds } from '#server/services/loginThrottle.js';

describe('login throttle keys and lock-outs', () => {
  it('doubles each lock-out of the day up to the longest', () => {
    expect([1, 2, 3, 4, 7, 8, 100].map((n) => lockoutSeconds(n, 60, 3600))).toEqual([
      60, 120, 240, 480, 3600, 3600, 3600,
    ]);
  });

  it('keys an account by id, an unknown name by its hash in any case', () => {
    expect(accountKey({ id: 'abc' }, 'Alice')).toBe('user:abc');
    const typed = accountKey(null, 'Secret-Typed-Here');
    expect(typed).toBe(accountKey(null, 'secret-typed-here'));
    expect(typed).not.toContain('ecret');
  });
});
