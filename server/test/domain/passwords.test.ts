import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/domain/passwords.js';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Secret123');
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(stored).not.toContain('Secret123');
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('secret123', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('rejects malformed stored values instead of throwing', async () => {
    for (const stored of [null, '', 'plain', 'scrypt$99$8$1$a$b', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
