// Authenticator secrets at rest and the codes they make: a sealed secret opens only with the
// server secret's key and for the user it was sealed for; a code matches its own step and one step
// either side, never two; recovery codes hash the same however they are typed.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes } from '#server/services/secondStep/recoveryCodes.js';
import { SecretBox } from '#server/services/secondStep/secretBox.js';
import {
  matchingTimeStep,
  newTotpSecret,
  normaliseCode,
} from '#server/services/secondStep/totp.js';
import { describeEachDatabase } from '../../support/databases.js';

describeEachDatabase('sealed authenticator secrets', (getDb) => {
  it('open with the server secret stored in the database, on any instance', async () => {
    const { db } = getDb();
    const secret = newTotpSecret();
    const sealed = await new SecretBox(db).seal(secret, 'user-a');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    // Another box on the same database (another instance) agrees on the key.
    expect(await new SecretBox(db).open(sealed, 'user-a')).toBe(secret);
    // Sealing twice gives different texts (a fresh IV each time).
    expect(await new SecretBox(db).seal(secret, 'user-a')).not.toBe(sealed);
  });

  it('do not open for another user, with another key, or tampered with', async () => {
    const { db } = getDb();
    const box = new SecretBox(db, 'a configured server secret of enough length');
    const sealed = await box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user-a');
    await expect(box.open(sealed, 'user-b')).rejects.toThrow();
    await expect(
      new SecretBox(db, 'another configured server secret, also long').open(sealed, 'user-a'),
    ).rejects.toThrow();
    const [version, iv, tag, data] = sealed.split(':');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    await expect(box.open([version, iv, tag, flipped].join(':'), 'user-a')).rejects.toThrow();
    await expect(box.open('plain text', 'user-a')).rejects.toThrow();
  });
});

describe('authenticator codes', () => {
  const secret = newTotpSecret();
  const at = (step: number) => generate({ secret, epoch: step * 30 + 1 });
  const now = 1_790_000_015_000; // 15 s into a step
  const step = Math.floor(now / 30_000);

  it('match their own step and one step either side, not two', async () => {
    for (const offset of [-1, 0, 1])
      expect(await matchingTimeStep(secret, await at(step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2])
      expect(await matchingTimeStep(secret, await at(step + offset), now)).toBeNull();
  });

  it('are six digits, spaces ignored', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('12345')).toBeNull();
    expect(normaliseCode('12345a')).toBeNull();
    expect(normaliseCode(null)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, hashed the same whatever the case, spaces and hyphens', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code] = codes;
    expect(hashRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(
      hashRecoveryCode(code),
    );
    expect(hashRecoveryCode(code)).not.toContain(code.replace('-', ''));
  });
});
