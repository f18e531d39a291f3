/** The team's view of the game and of one challenge (G14, G15). */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { attachmentViews } from '../../db/repositories/attachments.js';
import { tallyAttempts, tallyKey } from '../../db/repositories/attemptTallies.js';
import type { Challenge } from '../../db/repositories/challenges.js';
import { findChallenge } from '../../db/repositories/challenges.js';
import { findStartOfInstance, queuePosition } from '../../db/repositories/containerStarts.js';
import { findContainerOfInstance } from '../../db/repositories/containers.js';
import { findInstance, type GameInstance } from '../../db/repositories/instances.js';
import { findTeamById } from '../../db/repositories/teams.js';
import type { DB } from '../../db/schema.js';
import { attemptStanding, limitsAttempts, NO_ATTEMPTS } from '../../domain/attemptLimits.js';
import { toContainerStartModel } from '../../domain/containerStarts.js';
import { containerEntry, isContainerChallenge } from '../../domain/containers.js';
import { challengeScore } from '../../domain/scoring/dynamicScore.js';
import { avatarUrl } from '../../domain/profiles.js';
import { sign } from '../../domain/teamToken.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { teamPricedHints } from '../../services/hints.js';
import { loadInstance } from '../../services/playInstances.js';
import { rowOf } from '../../services/scoreboard/boardBytes.js';
import { passGate } from './context.js';
import { refuseIfLocked, seesLocked } from './locks.js';
import { teamLocks } from '../../services/unlocks/teamLocks.js';
import { teamOf, withLocks } from './teamView.js';
import { boardViewFor, frozenViewOf, seesLiveBoard } from './boardView.js';
import { callerSeesScores } from './scoreGate.js';
import { readBoard } from './scoreboard.js';

type Schemas = components['schemas'];

/** `lastSubmissionTime` of a team without solves (year 1). */
const NEVER = -62135596800000;

/** The stored `fileName` of a challenge whose organiser never named its per-team downloads. */
const DEFAULT_FILE_NAME = 'attachment';

const unavailable = () => notFound('Challenge not found or dynamic attachment allocation failed');

async function flagContext(
  request: Parameters<NonNullable<Handlers['gameGetChallenge']>>[0],
  challenge: Challenge,
  instance: GameInstance,
): Promise<Schemas['ClientFlagContext']> {
  const dynamic = challenge.type === 'DynamicAttachment';
  const attachmentId = dynamic ? instance.flagAttachmentId : challenge.attachmentId;
  const view =
    attachmentId === null
      ? undefined
      : (await attachmentViews(request.server.db, [attachmentId])).get(attachmentId);
  let url = view?.url ?? null;
  // A dynamic attachment downloads under the challenge's file name when the organiser chose one;
  // left at the default, each team's file keeps the name it was uploaded with (issue 23).
  if (url && dynamic && view?.type === 'Local' && challenge.fileName !== DEFAULT_FILE_NAME) {
    url = `${url.slice(0, url.lastIndexOf('/'))}/${encodeURIComponent(challenge.fileName)}`;
  }
  const { db } = request.server;
  const container = await findContainerOfInstance(db, instance.id);
  return {
    closeTime: container?.expectStopAt ?? null,
    instanceEntry: container ? containerEntry(container) : null,
    url,
    fileSize: view?.fileSize ?? null,
    containerStart: isContainerChallenge(challenge.type) ? await startOf(db, instance.id) : null,
    attempts: await attemptsOf(db, challenge, instance),
  };
}

/** The team's attempts at a challenge with attempt limits (issue 25); null without limits. */
async function attemptsOf(db: Kysely<DB>, challenge: Challenge, instance: GameInstance) {
  if (!limitsAttempts(challenge)) return null;
  const pair = { participationId: instance.participationId, challengeId: challenge.id };
  const tally = (await tallyAttempts(db, [pair])).get(tallyKey(pair)) ?? NO_ATTEMPTS;
  return attemptStanding(challenge, tally, Date.now());
}

/** Where the team's container start stands (the start queue, issue 24); null without one. */
async function startOf(db: Kysely<DB>, gameInstanceId: number) {
  const start = await findStartOfInstance(db, gameInstanceId);
  // A start cancelled while starting is as good as gone for the team.
  if (!start || start.cancelled) return null;
  return toContainerStartModel(start, await queuePosition(db, start));
}

/**
 * The challenge's current score, or during a scoreboard freeze (for players) its score on the
 * frozen board: the live one would tell how many teams solved it since.
 */
async function shownScore(
  request: FastifyRequest,
  gameId: number,
  challenge: Challenge,
): Promise<number> {
  const live = challengeScore(challenge, challenge.acceptedCount);
  if (seesLiveBoard(request)) return live;
  const app = request.server;
  const board = app.scoreboards.peek(gameId) ?? (await readBoard(app, gameId));
  const frozen = frozenViewOf(request, board);
  if (!frozen || frozen === board) return live;
  const groups = JSON.parse(frozen.challengesJson) as Record<string, Schemas['ChallengeInfo'][]>;
  const info = Object.values(groups)
    .flat()
    .find((c) => c.id === challenge.id);
  return info?.score ?? live;
}

export const gameChallengeHandlers: Handlers = {
  async gameGetDetails(request, reply) {
    const { game, participation, now } = await passGate(request, request.params.id, {
      endedBlocked: true,
    });
    const app = request.server;
    const stored = app.scoreboards.peek(game.id) ?? (await readBoard(app, game.id));
    // During a scoreboard freeze the team sees the frozen board with its own solves.
    const board = await boardViewFor(request, stored, participation.teamId);
    // The team's row is looked up by id and sent as the board wrote it: nothing is parsed,
    // scanned or serialised again.
    let rank = rowOf(board, participation.teamId);
    if (rank === undefined) {
      const team = await findTeamById(app.db, participation.teamId);
      rank = JSON.stringify({
        id: participation.teamId,
        name: team?.name ?? '',
        bio: team?.bio ?? null,
        division: participation.division,
        avatar: avatarUrl(team?.avatarHash ?? null),
        score: 0,
        rank: 0,
        divisionRank: null,
        lastSubmissionTime: NEVER,
        solvedChallenges: [],
        solvedCount: 0,
      } satisfies Schemas['ScoreboardItem']);
    } else if (!callerSeesScores(request, stored)) {
      // Scores kept from the players until the end (issue 25): the team still sees its own score
      // and solves, but not where it stands among the others (rank 0, as for a team not ranked).
      rank = JSON.stringify({
        ...(JSON.parse(rank) as Schemas['ScoreboardItem']),
        rank: 0,
        divisionRank: null,
      });
    }
    const rest = JSON.stringify({
      teamToken: sign(game.privateKey, participation.teamId),
      writeupRequired: game.writeupRequired,
      writeupDeadline: game.writeupDeadline,
    });
    // Vexil addition (issue 25): the challenges locked to the team, hidden or shown locked.
    const locks = seesLocked(request)
      ? undefined
      : await teamLocks(app, game.id, teamOf(participation), now);
    const view = withLocks(board, locks, now);
    return reply
      .type('application/json; charset=utf-8')
      .send(
        `{"challenges":${view.challengesJson},"challengeCount":${view.challengeCount}` +
          `,"rank":${rank},${rest.slice(1, -1)},"locked":${view.lockedJson}}`,
      );
  },

  async gameGetChallenge(request) {
    const { id, challengeId } = request.params;
    const { game, participation, now } = await passGate(request, id, { endedBlocked: true });
    const { db } = request.server;
    const challenge = await findChallenge(db, game.id, challengeId);
    const instance = challenge?.isEnabled
      ? await findInstance(db, participation.id, challengeId)
      : null;
    if (!challenge || !instance) throw unavailable();
    // Before a dynamic attachment is taken from the pool for the team.
    await refuseIfLocked(request, game.id, challenge.id, teamOf(participation), unavailable);
    const loaded = await loadInstance(db, game, challenge, participation, instance);
    if (!loaded) {
      request.log.warn(`No unused dynamic attachment left for challenge ${challenge.id}`);
      throw unavailable();
    }
    return {
      id: challenge.id,
      title: challenge.title,
      content: challenge.content,
      category: challenge.category,
      hints: challenge.hints,
      score: await shownScore(request, game.id, challenge),
      type: challenge.type,
      context: await flagContext(request, challenge, loaded),
      // Vexil addition (issue 25): priced hints beside the free ones, and when they are paid.
      pricedHints: await teamPricedHints(db, game, participation.id, challenge.id, now),
      hintPolicy: game.hintPolicy,
    };
  },
};
