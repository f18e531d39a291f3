/** Challenge categories in enum order: the order of the scoreboard's groups and sheet columns. */
import type { ChallengeCategory } from './types.js';

export const CHALLENGE_CATEGORIES = [
  'Misc',
  'Crypto',
  'Pwn',
  'Web',
  'Reverse',
  'Blockchain',
  'Forensics',
  'Hardware',
  'Mobile',
  'PPC',
  'AI',
  'Pentest',
  'OSINT',
] as const satisfies readonly ChallengeCategory[];

const position = new Map<string, number>(CHALLENGE_CATEGORIES.map((c, i) => [c, i]));

/** Position in enum order; unknown names sort last. */
export function categoryOrder(category: string): number {
  return position.get(category) ?? CHALLENGE_CATEGORIES.length;
}
