/**
 * Checking submissions in batches (behaviour §2.4, §3). Every submission of the batch that still
 * waits for its result is judged and written in one transaction: the results, the challenges'
 * counters, the solved instances with their solve order, the monitor events, the cheat records
 * and the blood notices. A burst of submissions costs a handful of statements and one commit
 * instead of a dozen statements and a commit each.
 *
 * Exactly once: a result is only written over `FlagSubmitted`, so a submission that another
 * checker settled meanwhile is left out of everything else. An accepted solve before the end
 * marks the instance solved and counts one more solving team; the count is kept on the instance
 * as its solve order, and the first three make blood notices unless the challenge disables blood
 * bonuses (Vexil: one rule for board and notices). A wrong answer equal to another team's own
 * flag of the same challenge is `CheatDetected`.
 *
 * The batch's webhook events (solves, bloods, blood notices) are queued in the same transaction
 * (./webhookEvents.ts): rows in the outbox, sent later by the webhook sender.
 *
 * A batch costs about a dozen statements whatever its size: the counters of every challenge move
 * in one update, the solve orders in another, the events go in one insert.
 *
 * Lock order (PostgreSQL, several checkers): the batch's submissions in id order, then the
 * instances it solves in id order, then its challenges in id order. Every checker takes them in
 * that order, so two batches that overlap queue instead of waiting for each other.
 */
import type { Kysely, Transaction } from 'kysely';
import { findChallengesByIds, type Challenge } from '../../db/repositories/challenges.js';
import { insertCheatInfo } from '../../db/repositories/cheatInfos.js';
import { listFlagsOfChallenges } from '../../db/repositories/flags.js';
import {
  insertGameEvents,
  type GameEvent,
  type NewGameEvent,
} from '../../db/repositories/gameEvents.js';
import { findGame, type Game } from '../../db/repositories/games.js';
import {
  findInstanceOwningFlag,
  findInstancesOf,
  markInstancesSolved,
  setSolveOrders,
  type GameInstance,
} from '../../db/repositories/instances.js';
import { createNotice, type GameNotice, type NoticeType } from '../../db/repositories/notices.js';
import { findTeamNameOfParticipation } from '../../db/repositories/participations.js';
import { lockInIdOrder } from '../../db/repositories/rowLocks.js';
import {
  claimUncheckedSubmissionViews,
  countChecks,
  settleSubmissions,
  type AnswerResult,
  type ChallengeCounts,
  type SubmissionView,
} from '../../db/repositories/submissions.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { flagMatcher, type FlagMatcher } from '../../domain/flagMatch.js';
import { countsForScore } from '../../domain/gameGate.js';
import { isDynamic } from '../playInstances.js';
import { judgeAnswer, type Judgement } from './judge.js';
import { queueSolveWebhooks } from './webhookEvents.js';

const BLOODS: NoticeType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

/** A submission this batch settled, with what it wrote. */
export interface CheckedSubmission {
  submission: SubmissionView;
  result: AnswerResult;
  /** Its FlagSubmit and CheatDetected events, in that order. */
  events: GameEvent[];
  /** It counted as the team's solve (the board changes). */
  counted: boolean;
}

export interface BatchOutcome {
  checked: CheckedSubmission[];
  notices: GameNotice[];
}

interface Item {
  submission: SubmissionView;
  game: Game;
  challenge: Challenge;
  instance: GameInstance | undefined;
  judged: Judgement;
  result: AnswerResult;
  owner: { participationId: number; teamName: string } | null;
  events: GameEvent[];
  counted: boolean;
  /** Its place among the challenge's solvers (counted solves). */
  order: number;
  /** The blood notice made for it (counted solves). */
  blood: GameNotice | null;
}

const pairKey = (participationId: number, challengeId: number) =>
  `${participationId}:${challengeId}`;

const unique = <T>(values: T[]) => [...new Set(values)];

/** Checks the submissions of `ids` still waiting for their result, in one transaction. */
export function checkBatch(db: Kysely<DB>, ids: readonly number[]): Promise<BatchOutcome> {
  return withTransaction(db, (trx) => checkInTransaction(trx, ids));
}

async function checkInTransaction(
  trx: Transaction<DB>,
  ids: readonly number[],
): Promise<BatchOutcome> {
  const items = await judge(trx, await claimUncheckedSubmissionViews(trx, ids));
  if (items.length === 0) return { checked: [], notices: [] };
  const won = await settle(trx, items);
  const notices = await countSolves(trx, won);
  await recordEvents(trx, won);
  await queueSolveWebhooks(
    trx,
    won.filter((item) => item.counted),
  );
  for (const item of won) {
    if (!item.owner) continue;
    await insertCheatInfo(trx, {
      gameId: item.game.id,
      submissionId: item.submission.id,
      submitParticipationId: item.submission.participationId,
      sourceParticipationId: item.owner.participationId,
    });
  }
  return {
    checked: won.map((item) => ({
      submission: { ...item.submission, status: item.result },
      result: item.result,
      events: item.events,
      counted: item.counted,
    })),
    notices,
  };
}

/** Loads what the answers are checked against, in a few statements, and judges each. */
async function judge(trx: Transaction<DB>, waiting: SubmissionView[]): Promise<Item[]> {
  if (waiting.length === 0) return [];
  const games = new Map<number, Game>();
  for (const gameId of unique(waiting.map((s) => s.gameId))) {
    const game = await findGame(trx, gameId);
    if (game) games.set(gameId, game);
  }
  const challenges = await findChallengesByIds(trx, unique(waiting.map((s) => s.challengeId)));
  const pairs = unique(waiting.map((s) => pairKey(s.participationId, s.challengeId))).map((key) => {
    const [participationId, challengeId] = key.split(':').map(Number);
    return { participationId, challengeId };
  });
  const instances = new Map(
    (await findInstancesOf(trx, pairs)).map((i) => [pairKey(i.participationId, i.challengeId), i]),
  );
  const staticIds = [...challenges.values()].filter((c) => !isDynamic(c)).map((c) => c.id);
  // Each static challenge's flags prepared once for the batch (patterns compiled once, cached).
  const flags = new Map<number, FlagMatcher>();
  for (const [id, stored] of await listFlagsOfChallenges(trx, staticIds)) {
    flags.set(id, flagMatcher(stored));
  }

  const items: Item[] = [];
  for (const submission of waiting) {
    const game = games.get(submission.gameId);
    const challenge = challenges.get(submission.challengeId);
    // Gone meanwhile (deleted with its game or challenge): nothing to check against.
    if (!game || !challenge || challenge.gameId !== game.id) continue;
    const instance = instances.get(pairKey(submission.participationId, challenge.id));
    const judged = judgeAnswer(challenge, instance, submission.answer, flags.get(challenge.id));
    const owner =
      judged === 'WrongAnswer' && isDynamic(challenge)
        ? await findInstanceOwningFlag(
            trx,
            challenge.id,
            submission.answer,
            submission.participationId,
          )
        : null;
    items.push({
      submission,
      game,
      challenge,
      instance,
      judged,
      result: owner ? 'CheatDetected' : judged,
      owner: owner && {
        participationId: owner.participationId,
        teamName: await findTeamNameOfParticipation(trx, owner.participationId),
      },
      events: [],
      counted: false,
      order: 0,
      blood: null,
    });
  }
  return items;
}

/** Writes the results; answers the items this batch settled, in submission order. */
async function settle(trx: Transaction<DB>, items: Item[]): Promise<Item[]> {
  const settled = new Set<number>();
  for (const result of unique(items.map((i) => i.result))) {
    const ids = items.filter((i) => i.result === result).map((i) => i.submission.id);
    for (const id of await settleSubmissions(trx, ids, result)) settled.add(id);
  }
  return items.filter((i) => settled.has(i.submission.id));
}

/** The items of each challenge, in challenge id order (the order challenges are locked in). */
function byChallenge(items: Item[]): [number, Item[]][] {
  const groups = new Map<number, Item[]>();
  for (const item of items) {
    const group = groups.get(item.challenge.id);
    if (group) group.push(item);
    else groups.set(item.challenge.id, [item]);
  }
  return [...groups].sort(([a], [b]) => a - b);
}

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/**
 * Counts the checked submissions, and the accepted solves made before the end whose instance
 * this batch flips to solved (the team's first); fixes their solve order and makes the blood
 * notices. Answers the notices.
 */
async function countSolves(trx: Transaction<DB>, won: Item[]): Promise<GameNotice[]> {
  const firstByInstance = new Map<number, Item>();
  for (const item of won) {
    if (item.judged !== 'Accepted' || !item.instance) continue;
    if (!countsForScore(item.game, item.submission.time)) continue;
    if (!firstByInstance.has(item.instance.id)) firstByInstance.set(item.instance.id, item);
  }
  const candidates = ascending(firstByInstance.keys());
  await lockInIdOrder(trx, 'game_instances', candidates);
  const flipped = new Set(await markInstancesSolved(trx, candidates));
  const solves = [...firstByInstance.values()].filter((i) => flipped.has(i.instance!.id));

  const grouped = byChallenge(won);
  const solvesOf = new Map(byChallenge(solves));
  const counts = new Map<number, ChallengeCounts>(
    grouped.map(([id, group]) => [
      id,
      { checked: group.length, accepted: solvesOf.get(id)?.length ?? 0 },
    ]),
  );
  await lockInIdOrder(trx, 'challenges', [...counts.keys()]);
  const solvers = await countChecks(trx, counts);

  const orders = new Map<number, number>();
  const notices: GameNotice[] = [];
  for (const [challengeId, group] of solvesOf) {
    // the batch's solvers of the challenge come last, in submission order
    let order = (solvers.get(challengeId) ?? group.length) - group.length;
    for (const item of group) {
      order++;
      item.counted = true;
      item.order = order;
      orders.set(item.instance!.id, order);
      // Blood notices are listed by time: stamped once the counter has fixed their order.
      const now = Date.now();
      if (order <= BLOODS.length && !item.challenge.disableBloodBonus && now < item.game.end) {
        item.blood = await createNotice(trx, {
          gameId: item.game.id,
          type: BLOODS[order - 1],
          values: [item.submission.teamName, item.challenge.title],
          time: now,
        });
        notices.push(item.blood);
      }
    }
  }
  await setSolveOrders(trx, orders);
  return notices;
}

/**
 * A FlagSubmit event per checked answer (none for NotFound), recording the result before cheat
 * detection, and a CheatDetected event after it for a cheat; one statement for all of them.
 */
async function recordEvents(trx: Transaction<DB>, won: Item[]): Promise<void> {
  const now = Date.now();
  const planned: { item: Item; event: NewGameEvent }[] = [];
  for (const item of won) {
    const { submission, challenge } = item;
    const base = {
      gameId: item.game.id,
      time: now,
      userName: submission.userName,
      teamName: submission.teamName,
    };
    if (item.judged !== 'NotFound') {
      const values = [item.judged, submission.answer, challenge.title, String(challenge.id)];
      planned.push({ item, event: { ...base, type: 'FlagSubmit', values } });
    }
    if (item.owner) {
      const values = [challenge.title, submission.teamName, item.owner.teamName];
      planned.push({ item, event: { ...base, type: 'CheatDetected', values } });
    }
  }
  const stored = await insertGameEvents(
    trx,
    planned.map((p) => p.event),
  );
  stored.forEach((event, i) => planned[i].item.events.push(event));
}
