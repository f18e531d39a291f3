/**
 * Individual play (issue 25, a Vexil addition): a game is played by `Teams` (the default, and the
 * reference platform's only way) or `Individual`ly. In an individual game every player registers
 * with their personal entry: a team of one, named after them, made on their first individual game
 * and reused for every later one. Everything per team (team tokens, dynamic flags, attachments,
 * containers, cheat detection, scoring, hints, unlocks, attempt limits) then works per player
 * without knowing about it. The entry is kept out of the team operations: its name and avatar are
 * the player's, it never takes members, and it plays individual games only.
 */
import { InvalidInput } from './errors.js';

export const PLAY_MODES = ['Teams', 'Individual'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/** The stored text as a mode; anything unknown (never written by Vexil) is the default. */
export const toPlayMode = (value: string | null | undefined): PlayMode =>
  value === 'Individual' ? 'Individual' : 'Teams';

export const TEAM_REQUIRED = 'A team is required to join this game';
export const PERSONAL_ENTRY_TEAMS_GAME = 'A personal entry plays individual games only';
export const PERSONAL_ENTRY_UNCHANGEABLE =
  'A personal entry cannot be changed through the team operations';
export const PLAY_MODE_FIXED = 'The play mode cannot change once anyone has registered';

/** 400 when the team is a personal entry: the team operations that change a team refuse it. */
export function refusePersonalEntry(team: { personalOf: string | null }): void {
  if (team.personalOf !== null) throw new InvalidInput(PERSONAL_ENTRY_UNCHANGEABLE);
}
