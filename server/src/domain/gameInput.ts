/**
 * Game settings as organisers send them (GameInfoEditModel) and as they read them back
 * (GameInfoModel). Pure: timestamps may arrive as epoch ms or ISO-8601 text; absent properties take
 * their defaults; an invalid blood bonus becomes the default.
 */
import type { components } from '#wire/schema.gen.js';
import type { Game, GameSettings } from '../db/repositories/games.js';
import { InvalidInput } from './errors.js';

export type GameInfoEditModel = components['schemas']['GameInfoEditModel'];
export type GameInfoModel = components['schemas']['GameInfoModel'];

/** (50, 30, 10) per mille for first, second and third blood. */
export const DEFAULT_BLOOD_BONUS = 52459530;
const FIELD_MAX = 1000;

/** A packed bonus is valid when it has three 10-bit fields, each at most 1000. */
export function isValidBloodBonus(value: number): boolean {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 2 ** 30) return false;
  return [value >> 20, (value >> 10) & 0x3ff, value & 0x3ff].every((field) => field <= FIELD_MAX);
}

export const normalizeBloodBonus = (value: number | undefined): number =>
  value !== undefined && isValidBloodBonus(value) ? value : DEFAULT_BLOOD_BONUS;

/** Epoch ms from a number or an ISO-8601 string; `fallback` when absent or unreadable. */
export function toEpochMs(value: number | string | undefined | null, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number') return value;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? fallback : parsed;
}

/** Distinct names in first-seen order. */
const distinct = (names: string[]): string[] => [...new Set(names)];

/**
 * The settings a create or update stores. `divisions` and `freezeTime` are undefined (keep) when
 * the body has none; a blank invite code means none.
 */
export function gameSettingsFromInput(
  input: GameInfoEditModel,
  now: number,
): Omit<GameSettings, 'divisions' | 'freezeTime' | 'scoreVisibility'> & {
  divisions: string[] | undefined;
  freezeTime: number | null | undefined;
  scoreVisibility: GameSettings['scoreVisibility'] | undefined;
} {
  const inviteCode = input.inviteCode?.trim() ? input.inviteCode : null;
  return {
    title: input.title,
    hidden: input.hidden ?? false,
    summary: input.summary ?? '',
    content: input.content ?? '',
    acceptWithoutReview: input.acceptWithoutReview ?? false,
    writeupRequired: input.writeupRequired ?? false,
    writeupDeadline: toEpochMs(input.writeupDeadline, now),
    writeupNote: input.writeupNote ?? '',
    inviteCode,
    divisions: input.divisions ? distinct(input.divisions) : undefined,
    teamMemberCountLimit: input.teamMemberCountLimit ?? 0,
    containerCountLimit: input.containerCountLimit ?? 3,
    practiceMode: input.practiceMode ?? true,
    start: toEpochMs(input.start, 0),
    end: toEpochMs(input.end, 0),
    bloodBonus: normalizeBloodBonus(input.bloodBonus),
    freezeTime:
      input.freezeTime === undefined || input.freezeTime === null
        ? input.freezeTime
        : toEpochMs(input.freezeTime, Number.NaN),
    // Absent keeps the stored setting (the reference client never sends it).
    scoreVisibility: input.scoreVisibility,
    hintPolicy: input.hintPolicy,
    // Absent keeps the stored mode (the reference client never sends it).
    playMode: input.playMode,
  };
}

export const FREEZE_OUTSIDE_GAME = "The scoreboard freeze must be between the game's start and end";

/**
 * Refuses a scoreboard freeze outside the game's window: start ≤ freeze < end (a freeze at the
 * end would freeze nothing). Null is no freeze.
 */
export function checkFreezeTime(settings: {
  start: number;
  end: number;
  freezeTime: number | null;
}): void {
  const { start, end, freezeTime } = settings;
  if (freezeTime === null) return;
  if (!Number.isFinite(freezeTime) || freezeTime < start || freezeTime >= end) {
    throw new InvalidInput(FREEZE_OUTSIDE_GAME);
  }
}

export const posterUrl = (hash: string | null): string | null =>
  hash ? `/assets/${hash}/poster` : null;

export function toGameInfoModel(game: Game): GameInfoModel {
  return {
    id: game.id,
    title: game.title,
    hidden: game.hidden,
    summary: game.summary,
    content: game.content,
    acceptWithoutReview: game.acceptWithoutReview,
    writeupRequired: game.writeupRequired,
    inviteCode: game.inviteCode,
    divisions: game.divisions,
    teamMemberCountLimit: game.teamMemberCountLimit,
    containerCountLimit: game.containerCountLimit,
    poster: posterUrl(game.posterHash),
    publicKey: game.publicKey,
    practiceMode: game.practiceMode,
    start: game.start,
    end: game.end,
    writeupDeadline: game.writeupDeadline,
    writeupNote: game.writeupNote,
    bloodBonus: game.bloodBonus,
    freezeTime: game.freezeTime,
    scoreVisibility: game.scoreVisibility,
    hintPolicy: game.hintPolicy,
    playMode: game.playMode,
  };
}

/** A game is running when start ≤ now ≤ end. */
export const isGameRunning = (game: Pick<Game, 'start' | 'end'>, now: number): boolean =>
  game.start <= now && now <= game.end;
