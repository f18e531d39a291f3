// Helpers of the end-to-end scenarios: bounded waiting, reading the board, the notices and the
// submission log through the API, and the scoring rules of behaviour §1.2–1.3 written out again
// (independently of server/src/domain) so the scenarios check the engine against the contract.
import { expect } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import type { Caller } from '../support/app.js';

type Schemas = components['schemas'];
export type Board = Schemas['ScoreboardModel'];
export type Notice = Schemas['GameNotice'];
export type Submission = Schemas['Submission'];
export type GameEvent = Schemas['GameEvent'];

/** Polls `probe` until it answers a value (not undefined); fails after `timeoutMs`. */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function readBoard(call: Caller, gameId: number): Promise<Board> {
  const response = await call({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Board;
}

/** The newest 100 submissions of the game, newest first (monitor view). */
export async function readSubmissions(call: Caller, gameId: number): Promise<Submission[]> {
  const response = await call({ method: 'GET', url: `/api/game/${gameId}/submissions?count=100` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Submission[];
}

export async function readNotices(call: Caller, gameId: number): Promise<Notice[]> {
  const response = await call({ method: 'GET', url: `/api/game/${gameId}/notices` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Notice[];
}

const BLOOD_NOTICES = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

/** The blood notices of one challenge, as listed (newest first). */
export async function bloodNotices(
  call: Caller,
  gameId: number,
  challengeTitle: string,
): Promise<Notice[]> {
  return (await readNotices(call, gameId)).filter(
    (n) => BLOOD_NOTICES.includes(n.type) && n.values[1] === challengeTitle,
  );
}

/** S(n) of behaviour §1.2. */
export function dynamicScore(original: number, minRate: number, difficulty: number, n: number) {
  if (n <= 1) return original;
  return Math.floor(original * (minRate + (1 - minRate) * Math.exp((1 - n) / difficulty)));
}

function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Points of one solve (behaviour §1.3): `blood` 0, 1, 2 for first to third, null otherwise. */
export function solvePoints(score: number, packedBonus: number, blood: number | null): number {
  if (packedBonus === 0 || blood === null) return score;
  const perMille = [packedBonus >> 20, (packedBonus >> 10) & 0x3ff, packedBonus & 0x3ff][blood];
  const factor = Math.fround(Math.fround(perMille / 1000) + 1);
  return roundHalfEven(Math.fround(score * factor));
}
