/**
 * Passwords handed out by an administrator's reset: 16 characters from letters, digits and
 * `!@#$%^&*()-_=+`, with at least one of each class, every choice drawn from crypto randomness.
 */
import { randomInt } from 'node:crypto';

export const PASSWORD_SYMBOLS = '!@#$%^&*()-_=+';
const CLASSES = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  PASSWORD_SYMBOLS,
] as const;
const ALL = CLASSES.join('');

export const RANDOM_PASSWORD_LENGTH = 16;

/** `pick(n)` returns a uniform integer in [0, n); tests may pass their own. */
export function randomPassword(
  length: number = RANDOM_PASSWORD_LENGTH,
  pick: (n: number) => number = randomInt,
): string {
  if (length < CLASSES.length) throw new Error(`A password needs at least ${CLASSES.length} chars`);
  const chars = CLASSES.map((set) => set[pick(set.length)]);
  while (chars.length < length) chars.push(ALL[pick(ALL.length)]);
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
