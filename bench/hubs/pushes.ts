/**
 * The pushes of the hubs bench, once a second on a fixed schedule (second k starts at k s after
 * the first, whatever the previous one took): to Vexil through its real API, an organiser's game
 * notice (`POST /api/edit/games/{id}/notices`, pushed as ReceivedGameNotice) and a team's right
 * flag (`POST /api/game/{id}/challenges/{challengeId}`: the checker counts it and the board is
 * rebuilt, pushed as ReceivedScoreboardUpdate), both sent at the same moment; to the bare
 * reference, the same two messages by IPC, the board update half a second after the notice.
 */
import { XSRF, submitPath, teamHeaders } from '../event/traffic.js';
import type { BareHub } from './bare.js';
import type { PlannedSolve } from './solves.js';

export interface PushCalls {
  /** Calls answered 2xx, and the others with their status or error. */
  ok: number;
  failed: Record<string, number>;
  /** How long each answered call took, ms. */
  answerMs: number[];
}

export interface PushRun {
  notices: PushCalls;
  solves: PushCalls;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the bare reference sends its board update after its notice. */
const BARE_BOARD_AFTER_MS = 500;

/** Runs `push(k)` for k = 0 … seconds-1, each at its second; waits for all of them. */
async function everySecond(seconds: number, push: (k: number) => Promise<void>): Promise<void> {
  const start = performance.now();
  const running: Promise<void>[] = [];
  for (let k = 0; k < seconds; k++) {
    await sleep(Math.max(0, start + k * 1000 - performance.now()));
    running.push(push(k));
  }
  await Promise.all(running);
}

const calls = (): PushCalls => ({ ok: 0, failed: {}, answerMs: [] });

async function call(into: PushCalls, url: string, init: RequestInit): Promise<void> {
  const began = performance.now();
  let outcome: string;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    outcome = response.ok ? 'ok' : `status ${response.status}`;
  } catch (error) {
    outcome = (error as Error).message;
  }
  if (outcome === 'ok') {
    into.ok++;
    into.answerMs.push(performance.now() - began);
  } else {
    into.failed[outcome] = (into.failed[outcome] ?? 0) + 1;
  }
}

export const noticeText = (k: number) => `Bench notice ${k + 1}: the hubs are measured`;

export async function pushToVexil(
  api: string,
  game: { id: number; adminToken: string; solves: PlannedSolve[] },
  seconds: number,
): Promise<PushRun> {
  const run: PushRun = { notices: calls(), solves: calls() };
  const admin = {
    cookie: `vexil_session=${game.adminToken}; XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    'content-type': 'application/json',
  };
  await everySecond(seconds, async (k) => {
    const { team, challenge } = game.solves[k];
    await Promise.all([
      call(run.notices, `${api}/api/edit/games/${game.id}/notices`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ content: noticeText(k) }),
      }),
      call(run.solves, `${api}${submitPath(game.id, challenge.id)}`, {
        method: 'POST',
        headers: teamHeaders(team),
        body: JSON.stringify({ flag: challenge.flag }),
      }),
    ]);
  });
  return run;
}

export async function pushToBare(bare: BareHub, gameId: number, seconds: number): Promise<PushRun> {
  const run: PushRun = { notices: calls(), solves: calls() };
  const sent = async (into: PushCalls, broadcast: Promise<number>) => {
    const began = performance.now();
    await broadcast;
    into.ok++;
    into.answerMs.push(performance.now() - began);
  };
  await everySecond(seconds, async (k) => {
    await sent(
      run.notices,
      bare.broadcast({
        target: 'ReceivedGameNotice',
        // GameNotice as Vexil sends it; `time` is stamped with `at`.
        payload: { id: 1_000_000 + k, time: '', type: 'Normal', values: [noticeText(k)] },
        stamp: 'time',
        at: Date.now(),
      }),
    );
    // Half a second later, not at once: each is a fan-out of its own, the least either can cost
    // (Vexil's board update comes after a check and a build, not with the notice).
    await sleep(BARE_BOARD_AFTER_MS);
    await sent(
      run.solves,
      bare.broadcast({
        target: 'ReceivedScoreboardUpdate',
        payload: { gameId, version: 0 },
        stamp: 'version',
        at: Date.now(),
      }),
    );
  });
  return run;
}
