/**
 * How a submitted answer is compared with a static challenge's flags (issue 25; the spec's
 * `FlagMatchMode`). The answer arrives trimmed (leading and trailing whitespace removed by the
 * submit route); inner whitespace is significant.
 *
 * - `Exact`: equal, code unit for code unit (the reference platform's only way).
 * - `CaseInsensitive`: equal after `foldCase` (NFC, then full Unicode case mapping up and down,
 *   no locale).
 * - `Regex`: an RE2 pattern matching the whole answer. Patterns run on re2js, a port of RE2 whose
 *   matching is linear in the answer's length, never on JavaScript's backtracking RegExp, so no
 *   pattern (`(a+)+$`, `(a|aa)+$`…) can stall the checker. A pattern RE2 cannot compile is refused
 *   when it is saved (`patternProblem`), so the checker never meets one; if one is met all the
 *   same (a row written by hand), it accepts nothing.
 *
 * Compiled patterns are kept in a process-wide cache keyed by their text, so a challenge's
 * patterns are compiled once however many batches judge it, and an edit (a new text) never meets
 * a stale entry, on this instance or another.
 */
import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';
import type { FlagMatchMode, FlagToMatch } from '../db/repositories/flags.js';

export type { FlagMatchMode };
export type MatchableFlag = FlagToMatch;

/**
 * The case-insensitive key of a text: NFC (so a composed and a decomposed `é` are one), then
 * upper-case and lower-case by Unicode's full mapping without a locale (so `ß`, `SS` and `ss` are
 * one, and `Σ`, `σ` and `ς`). Compatibility forms (full-width letters, ligatures) stay distinct.
 */
export const foldCase = (text: string): string => text.normalize('NFC').toUpperCase().toLowerCase();

type Compiled = { pattern: RE2JS; problem: null } | { pattern: null; problem: string };

// Bounded: a batch needs at most 64 challenges' patterns; a miss only compiles again.
const compiled = new LRUCache<string, Compiled>({ max: 2_000 });

function compile(source: string): Compiled {
  const cached = compiled.get(source);
  if (cached) return cached;
  let entry: Compiled;
  try {
    entry = { pattern: RE2JS.compile(source), problem: null };
  } catch (error) {
    // RE2's own words: "error parsing regexp: missing closing ): `(a`".
    entry = { pattern: null, problem: error instanceof Error ? error.message : String(error) };
  }
  compiled.set(source, entry);
  return entry;
}

/** Why a pattern cannot be used (RE2's message), or null when it compiles. */
export const patternProblem = (source: string): string | null => compile(source).problem;

/** Why a flag can accept nothing (a pattern that does not compile), or null. */
export const flagProblem = (flag: MatchableFlag): string | null =>
  flag.matchMode === 'Regex' ? patternProblem(flag.flag) : null;

/** Whether one flag accepts the (trimmed) answer. */
export function flagAccepts(flag: MatchableFlag, answer: string): boolean {
  switch (flag.matchMode) {
    case 'CaseInsensitive':
      return foldCase(flag.flag) === foldCase(answer);
    case 'Regex': {
      const { pattern } = compile(flag.flag);
      // `matches` is a whole-input match: `^(?:pattern)$`.
      return pattern !== null && pattern.matches(answer);
    }
    default:
      return flag.flag === answer;
  }
}

/** What a static challenge's flags accept, prepared once for the answers of a batch. */
export interface FlagMatcher {
  accepts(answer: string): boolean;
}

/**
 * The matcher of a challenge's flags: exact flags in a set (one lookup, as before modes
 * existed), case-insensitive ones folded once into another, patterns compiled (cached).
 */
export function flagMatcher(flags: readonly MatchableFlag[]): FlagMatcher {
  const exact = new Set<string>();
  const folded = new Set<string>();
  const patterns: RE2JS[] = [];
  for (const flag of flags) {
    if (flag.matchMode === 'CaseInsensitive') folded.add(foldCase(flag.flag));
    else if (flag.matchMode === 'Regex') {
      const { pattern } = compile(flag.flag);
      if (pattern) patterns.push(pattern);
    } else exact.add(flag.flag);
  }
  return {
    accepts(answer) {
      if (exact.has(answer)) return true;
      if (folded.size > 0 && folded.has(foldCase(answer))) return true;
      return patterns.some((pattern) => pattern.matches(answer));
    },
  };
}

/**
 * Why flags to be saved on a challenge of this type cannot be (the first problem, naming the
 * flag by its 1-based position), or null: a pattern RE2 cannot compile, or a mode other than
 * `Exact` on a dynamic challenge (its flags are per-team flags or a pool, matched exactly).
 */
export function flagsProblem(
  challengeType: string,
  flags: readonly { flag: string; matchMode?: FlagMatchMode }[],
): string | null {
  const dynamic = challengeType === 'DynamicAttachment' || challengeType === 'DynamicContainer';
  for (const [index, { flag, matchMode = 'Exact' }] of flags.entries()) {
    if (matchMode !== 'Exact' && dynamic) {
      return `Flag ${index + 1}: a dynamic challenge's flags are matched exactly (matchMode ${matchMode} is only for static challenges)`;
    }
    const problem = flagProblem({ flag, matchMode });
    if (problem) return `Flag ${index + 1}: the regular expression cannot be used: ${problem}`;
  }
  return null;
}

/** One flag's verdict on a tried answer (the console's "Try an answer"). */
export interface FlagVerdict {
  matches: boolean;
  problem: string | null;
}

export function judgeFlag(flag: MatchableFlag, answer: string): FlagVerdict {
  const problem = flagProblem(flag);
  return { matches: problem === null && flagAccepts(flag, answer), problem };
}
