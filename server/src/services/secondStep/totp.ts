/**
 * Authenticator-app codes (RFC 6238) with otplib: SHA-1, 6 digits, 30-second steps, what every
 * authenticator app understands. A code of the step before or after the server's is accepted too
 * (one step of clock drift); which step matched is returned, so that the caller can refuse a
 * second use of it (replay).
 */
import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD = 30;
const DIGITS = 6;

/** A new secret, Base32 (20 random bytes, 160 bits: RFC 4226's recommendation). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The `otpauth://totp/…` URI an authenticator app reads from a QR code. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({
    issuer,
    label: account,
    secret,
    algorithm: 'sha1',
    digits: DIGITS,
    period: PERIOD,
  });

/** The code as typed, without spaces; null when it cannot be a code (6 digits). */
export function normaliseCode(code: string | null | undefined): string | null {
  const digits = (code ?? '').replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The time step the code belongs to (current, previous or next), or null when it is wrong. */
export async function matchingTimeStep(
  secret: string,
  code: string,
  nowMs = Date.now(),
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: DIGITS,
    period: PERIOD,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: PERIOD,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
