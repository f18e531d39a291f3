/**
 * Checking one submission (behaviour §2.4, §3). Static challenges accept any of their flags,
 * dynamic ones only the team's own flag; no instance → `NotFound` (stored: Vexil differs). A wrong
 * answer equal to another team's own flag of the same challenge is `CheatDetected`. An accepted
 * solve before the end marks the instance solved and counts one more solving team atomically; the
 * count is kept on the instance as its solve order, and the first three publish blood notices
 * unless the challenge disables blood bonuses (Vexil: one rule for board and notices — the board
 * orders bloods by the same count). The result, its events, notice and cheat record are written
 * in one transaction; the live pushes follow the commit.
 */
import type { Kysely } from 'kysely';
import { findChallenge, type Challenge } from '../db/repositories/challenges.js';
import { insertCheatInfo } from '../db/repositories/cheatInfos.js';
import { listFlags } from '../db/repositories/flags.js';
import { insertGameEvent, type GameEvent } from '../db/repositories/gameEvents.js';
import { findGame } from '../db/repositories/games.js';
import {
  findInstance,
  findInstanceOwningFlag,
  markInstanceSolved,
  setSolveOrder,
  type GameInstance,
} from '../db/repositories/instances.js';
import { createNotice, type GameNotice, type NoticeType } from '../db/repositories/notices.js';
import { findTeamNameOfParticipation } from '../db/repositories/participations.js';
import {
  countAcceptedSolve,
  countCheckedSubmission,
  findSubmissionView,
  settleSubmission,
  type AnswerResult,
  type SubmissionView,
} from '../db/repositories/submissions.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import { countsForScore } from '../domain/gameGate.js';
import { toGameEventModel, toNoticeModel, toSubmissionModel } from '../domain/playModels.js';
import { isDynamic } from './playInstances.js';
import { groups, type RealtimeBus } from './realtime.js';

export interface CheckDeps {
  db: Kysely<DB>;
  realtime: RealtimeBus;
  scoreboards: { invalidate(gameId: number): void };
}

const BLOODS: NoticeType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

async function isCorrect(
  db: Kysely<DB>,
  challenge: Challenge,
  instance: GameInstance,
  answer: string,
): Promise<boolean> {
  if (isDynamic(challenge)) return instance.flag !== null && instance.flag === answer;
  return (await listFlags(db, challenge.id)).some((f) => f.flag === answer);
}

interface Written {
  events: GameEvent[];
  notice: GameNotice | null;
  counted: boolean;
}

/** Checks the submission if it still waits for a result; answers the stored result, or null. */
export async function checkSubmission(deps: CheckDeps, id: number): Promise<AnswerResult | null> {
  const { db } = deps;
  const submission = await findSubmissionView(db, id);
  if (!submission || submission.status !== 'FlagSubmitted') return null;
  const game = await findGame(db, submission.gameId);
  const challenge = await findChallenge(db, submission.gameId, submission.challengeId);
  if (!game || !challenge) return null;

  const instance = await findInstance(db, submission.participationId, challenge.id);
  let checked: AnswerResult = 'NotFound';
  if (instance) {
    checked = (await isCorrect(db, challenge, instance, submission.answer))
      ? 'Accepted'
      : 'WrongAnswer';
  }
  const owner =
    checked === 'WrongAnswer' && isDynamic(challenge)
      ? await findInstanceOwningFlag(
          db,
          challenge.id,
          submission.answer,
          submission.participationId,
        )
      : null;
  const ownerTeam = owner ? await findTeamNameOfParticipation(db, owner.participationId) : '';
  const result: AnswerResult = owner ? 'CheatDetected' : checked;
  const now = Date.now();

  const written = await withTransaction(db, async (trx): Promise<Written | null> => {
    if (!(await settleSubmission(trx, id, result))) return null;
    await countCheckedSubmission(trx, challenge.id);
    let counted = false;
    let blood: NoticeType | null = null;
    // Blood notices are listed by time: take it once the counter has fixed their order.
    let bloodTime = now;
    if (
      checked === 'Accepted' &&
      instance &&
      countsForScore(game, submission.time) &&
      (await markInstanceSolved(trx, instance.id))
    ) {
      counted = true;
      const solvers = await countAcceptedSolve(trx, challenge.id);
      await setSolveOrder(trx, instance.id, solvers);
      if (solvers <= BLOODS.length && !challenge.disableBloodBonus && now < game.end) {
        blood = BLOODS[solvers - 1];
        bloodTime = Date.now();
      }
    }
    const base = { gameId: game.id, time: now, userName: submission.userName };
    const events: GameEvent[] = [];
    if (checked !== 'NotFound') {
      events.push(
        await insertGameEvent(trx, {
          ...base,
          type: 'FlagSubmit',
          values: [checked, submission.answer, challenge.title, String(challenge.id)],
          teamName: submission.teamName,
        }),
      );
    }
    if (owner) {
      await insertCheatInfo(trx, {
        gameId: game.id,
        submissionId: id,
        submitParticipationId: submission.participationId,
        sourceParticipationId: owner.participationId,
      });
      events.push(
        await insertGameEvent(trx, {
          ...base,
          type: 'CheatDetected',
          values: [challenge.title, submission.teamName, ownerTeam],
          teamName: submission.teamName,
        }),
      );
    }
    const notice = blood
      ? await createNotice(trx, {
          gameId: game.id,
          type: blood,
          values: [submission.teamName, challenge.title],
          time: bloodTime,
        })
      : null;
    return { events, notice, counted };
  });
  if (!written) return null;
  publish(deps, { ...submission, status: result }, written);
  return result;
}

function publish(deps: CheckDeps, submission: SubmissionView, written: Written): void {
  const { realtime } = deps;
  const gameId = submission.gameId;
  for (const event of written.events) {
    realtime.publish(groups.monitors(gameId), 'ReceivedGameEvent', toGameEventModel(event));
  }
  if (written.notice) {
    realtime.publish(groups.players(gameId), 'ReceivedGameNotice', toNoticeModel(written.notice));
  }
  if (written.counted) deps.scoreboards.invalidate(gameId);
  realtime.publish(groups.monitors(gameId), 'ReceivedSubmissions', toSubmissionModel(submission));
}
