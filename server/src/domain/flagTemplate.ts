/**
 * Dynamic flag templates (behaviour.md §2.3, with the §15 improvement: a leading `[LEET]` or
 * `[CLEET]` marker is stripped in every case). Pure: randomness only, no I/O.
 *
 * Rules, first match wins:
 * 1. no template → `flag{<random uuid>}`;
 * 2. `[GUID]` → every `[GUID]` becomes one new random UUID (no leet);
 * 3. no `[TEAM_HASH]` → the whole template is leet-substituted (complex tables after `[CLEET]`);
 * 4. `[TEAM_HASH]` → leet only after a `[LEET]`/`[CLEET]` marker, then every `[TEAM_HASH]` becomes
 *    the team hash.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { basicLeet, complexLeet, type LeetTable } from './leetTables.js';

export const GUID_PLACEHOLDER = '[GUID]';
export const TEAM_HASH_PLACEHOLDER = '[TEAM_HASH]';
export const TEST_TEAM_HASH = 'TestTeamHash';
export const TEST_FLAG = 'flag{vexil_dynamic_flag_test}';
/** Templates with less leet entropy (and no placeholder) are too easy to guess. */
export const MIN_TEMPLATE_ENTROPY_BITS = 32;
export const MAX_TEMPLATE_LENGTH = 120;

/** Picks an index in [0, n); injectable so tests can be deterministic. */
export type RandomIndex = (n: number) => number;

interface Marked {
  body: string;
  table: LeetTable;
  marked: boolean;
}

/** Splits a leading `[LEET]` / `[CLEET]` marker off the template. */
function splitMarker(template: string): Marked {
  if (template.startsWith('[LEET]'))
    return { body: template.slice(6), table: basicLeet, marked: true };
  if (template.startsWith('[CLEET]')) {
    return { body: template.slice(7), table: complexLeet, marked: true };
  }
  return { body: template, table: basicLeet, marked: false };
}

/** Walks the text with the inside-braces state of §2.3, calling `visit` per character. */
function scan(text: string, visit: (char: string, inside: boolean) => void): void {
  let inside = false;
  for (const char of text) {
    const opens = char === '{' || char === ']';
    const closes = inside && (char === '}' || char === '[');
    visit(char, inside && !opens && !closes);
    if (opens) inside = true;
    else if (closes) inside = false;
  }
}

/** Substitutes look-alikes inside braces; spaces become `_` everywhere. */
export function leet(text: string, table: LeetTable = basicLeet, random: RandomIndex = randomInt) {
  let out = '';
  scan(text, (char, inside) => {
    const options = inside ? table[char.toUpperCase()] : undefined;
    if (options) out += options[random(options.length)];
    else out += char === ' ' ? '_' : char;
  });
  return out;
}

/** Bits of randomness leet substitution adds to a template (after stripping its marker). */
export function entropy(template: string): number {
  const { body, table } = splitMarker(template);
  let bits = 0;
  scan(body, (char, inside) => {
    const options = inside ? table[char.toUpperCase()] : undefined;
    if (options) bits += Math.log2(options.length);
  });
  return bits;
}

/** Whether a DynamicContainer template is acceptable: a placeholder or ≥ 32 bits of leet. */
export function isTemplateComplexEnough(template: string): boolean {
  return (
    template.includes(GUID_PLACEHOLDER) ||
    template.includes(TEAM_HASH_PLACEHOLDER) ||
    entropy(template) >= MIN_TEMPLATE_ENTROPY_BITS
  );
}

export interface FlagContext {
  /** The team's 12-hex-character hash (teamHash()), or TEST_TEAM_HASH for test flags. */
  teamHash: string;
}

/** Renders a team's flag from the challenge's template. */
export function generateFlag(
  template: string | null | undefined,
  context: FlagContext,
  random: RandomIndex = randomInt,
): string {
  if (!template || !template.trim()) return `flag{${randomUUID()}}`;
  const { body, table, marked } = splitMarker(template);
  if (body.includes(GUID_PLACEHOLDER)) return body.replaceAll(GUID_PLACEHOLDER, randomUUID());
  if (!body.includes(TEAM_HASH_PLACEHOLDER)) return leet(body, table, random);
  const text = marked ? leet(body, table, random) : body;
  return text.replaceAll(TEAM_HASH_PLACEHOLDER, context.teamHash);
}

/** The flag of an organiser's test container. */
export function testFlag(template: string | null | undefined): string {
  if (!template || !template.trim()) return TEST_FLAG;
  return generateFlag(template, { teamHash: TEST_TEAM_HASH });
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The game-level salt of team hashes, from the game's stored (Base64) private key. */
export function gameSalt(privateKey: string): string {
  return sha256Hex(`VEXIL@${privateKey}@PK`);
}

/** The per-challenge salt: hex(SHA-256(gameSalt + "::" + challengeId)). */
export function challengeSalt(salt: string, challengeId: number): string {
  return sha256Hex(`${salt}::${challengeId}`);
}

/** The 12 lower-case hex characters that replace `[TEAM_HASH]` for one team and challenge. */
export function teamHash(salt: string, challengeId: number, participationToken: string): string {
  return sha256Hex(`${challengeSalt(salt, challengeId)}::${participationToken}`).slice(12, 24);
}
