import { describe, expect, it } from 'vitest';
import { PASSWORD_SYMBOLS, randomPassword } from '#server/domain/randomPassword.js';

const classes = [
  /[a-z]/,
  /[A-Z]/,
  /[0-9]/,
  new RegExp(`[${PASSWORD_SYMBOLS.replace(/[-^\\\]]/g, '\\$&')}]`),
];

describe('random passwords', () => {
  it('have 16 characters with a lower, an upper, a digit and a symbol, from the allowed set', () => {
    for (let i = 0; i < 500; i++) {
      const password = randomPassword();
      expect(password).toHaveLength(16);
      for (const set of classes) expect(password).toMatch(set);
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*()\-_=+]{16}$/);
    }
  });

  it('keep every class even when the random source is as unhelpful as it can be', () => {
    const password = randomPassword(16, () => 0);
    for (const set of classes) expect(password).toMatch(set);
  });

  it('do not repeat', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomPassword()));
    expect(seen.size).toBe(200);
  });
});
