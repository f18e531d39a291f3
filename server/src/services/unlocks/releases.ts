/**
 * Timed releases (issue 25): a challenge with a release time opens for everyone then, with no
 * request to say so. This job, run by one instance of the cluster per interval (the cluster
 * lock), does what a release needs:
 *
 * - the boards of games with a release in the last few intervals change (the player site reads
 *   the team's challenges again on the board update), and players are told on their hub
 *   (`ReceivedChallengeUnlock`, also during a scoreboard freeze, when board updates are held);
 * - a release whose organiser chose it posts its `NewChallenge` notice, once: marked posted by one
 *   conditional update, so two instances, overlapping runs or a restart never post it twice. A
 *   release more than NOTICE_LOOKBACK_MS old, or outside the game's running window, is marked
 *   without a notice (nobody is waiting for it any more).
 */
import type { Kysely } from 'kysely';
import {
  listDueReleaseNotices,
  listReleasesBetween,
  markReleased,
} from '../../db/repositories/challengeUnlocks.js';
import { findGame } from '../../db/repositories/games.js';
import { createNotice } from '../../db/repositories/notices.js';
import type { DB } from '../../db/schema.js';
import type { ClusterLock } from '../cluster/clusterLock.js';
import { groups, type RealtimeBus } from '../realtime.js';
import { boardChanged } from '../scoreboard/boardChanges.js';

export const RELEASE_INTERVAL_MS = 1_000;
/** A release notice older than this is not posted. */
export const NOTICE_LOOKBACK_MS = 60 * 60_000;

export interface ReleaseDeps {
  db: Kysely<DB>;
  realtime: RealtimeBus;
  scoreboards: { invalidate(gameId: number, after?: () => void): void };
}

/**
 * Tells players that a game's unlocks changed: every team, or the members of one registration
 * (the players' hub lets it through to them only: plugins/hubs/gameFeed.ts).
 */
export function announceUnlocks(
  realtime: RealtimeBus,
  gameId: number,
  participationId?: number,
): void {
  realtime.publish(
    groups.players(gameId),
    'ReceivedChallengeUnlock',
    participationId === undefined ? { gameId } : { gameId, participationId },
  );
}

/** One run at `now`; `since`: the end of the window the previous run covered. */
export async function runReleasesOnce(deps: ReleaseDeps, since: number, now: number) {
  const games = new Set<number>();
  for (const release of await listReleasesBetween(deps.db, since, now)) games.add(release.gameId);
  let posted = 0;
  for (const due of await listDueReleaseNotices(deps.db, now)) {
    if (!(await markReleased(deps.db, due.challengeId, now))) continue;
    const game = await findGame(deps.db, due.gameId);
    const running = game && game.start <= now && now < game.end;
    if (!running || due.releaseTime < now - NOTICE_LOOKBACK_MS) continue;
    const notice = await createNotice(deps.db, {
      gameId: due.gameId,
      type: 'NewChallenge',
      values: [due.title],
      time: now,
    });
    deps.realtime.publish(groups.players(due.gameId), 'ReceivedGameNotice', {
      id: notice.id,
      time: notice.time,
      type: notice.type,
      values: notice.values,
    });
    posted++;
  }
  for (const gameId of games) {
    boardChanged(deps, gameId, () => announceUnlocks(deps.realtime, gameId));
  }
  return { games: [...games], posted };
}

export interface ReleaseJob {
  runOnce(now?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startReleaseJob(
  deps: ReleaseDeps,
  lock: ClusterLock,
  onError: (error: unknown) => void,
  intervalMs = RELEASE_INTERVAL_MS,
): ReleaseJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  // The window reaches back a few intervals: a run another instance made, or one that was late,
  // is covered again (telling twice that a game changed costs a read, missing it costs a reload).
  const runOnce = (now = Date.now()) => {
    if (stopped) return Promise.resolve();
    running ??= lock
      .runExclusive('challenge-releases', () => runReleasesOnce(deps, now - intervalMs * 3, now), {
        minHoldMs: intervalMs * 0.8,
      })
      .then(() => undefined, onError)
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
