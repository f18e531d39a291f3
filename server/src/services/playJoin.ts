/**
 * Joining and leaving a game (contract G4, G5; behaviour §4.2). Join checks, first failure wins:
 * game missing → 404; ended outside practice mode → 400 (10002); wrong invite code → 400; invalid
 * division → 400; in a `Teams` game: no team → 400, team missing → 404, a personal entry → 400,
 * caller not a member → 400 (in an `Individual` game the caller's personal entry, found or made);
 * caller already registered in a registration that is not Rejected → 400; member limit reached
 * (teams only) → 400. Game start and team lock
 * are not checked; a hidden game is missing (404) below Monitor before this runs (the route's
 * `requireGame`, domain/gameGate.ts). Everything is written in one transaction, with the webhook deliveries
 * of a new registration (`TeamRegistered`).
 */
import type { Kysely } from 'kysely';
import type { Game } from '../db/repositories/games.js';
import {
  addParticipant,
  countParticipants,
  createParticipation,
  deleteParticipation,
  findParticipationOfTeam,
  findParticipationOfUser,
  removeParticipant,
  removeRejectedRegistrations,
  updateParticipation,
  type ParticipationStatus,
} from '../db/repositories/participations.js';
import { findOrCreatePersonalEntry } from '../db/repositories/personalEntries.js';
import { lockPlayMode } from '../db/repositories/games.js';
import { findTeamById, isTeamMember, type Team } from '../db/repositories/teams.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import { withTransaction } from '../db/transaction.js';
import { divisionAfterJoin, isValidDivision } from '../domain/division.js';
import { InvalidInput, NotFound, Refused } from '../domain/errors.js';
import { gameEnded, isClosed } from '../domain/gameGate.js';
import { PERSONAL_ENTRY_TEAMS_GAME, TEAM_REQUIRED } from '../domain/playMode.js';
import { sign } from '../domain/teamToken.js';
import { changeParticipation } from './playParticipation.js';
import { boardChanged, type BoardChangeDeps } from './scoreboard/boardChanges.js';
import { teamRegisteredEvent } from './webhooks/gameEvents.js';
import { enqueueEvents } from './webhooks/outbox.js';

export interface JoinRequest {
  /** Required in a `Teams` game; ignored in an `Individual` one (the caller's personal entry). */
  teamId?: number;
  division?: string | null;
  inviteCode?: string | null;
}

export interface JoinOutcome {
  /** The board changed (the registration became Accepted). */
  accepted: boolean;
  /** The registration's status before (null: created by this join) and after. */
  previous: ParticipationStatus | null;
  status: ParticipationStatus;
  /** The team registered: the one named, or the caller's personal entry. */
  teamId: number;
}

/** Joins; an accepted registration rebuilds the board (it shows the team now). */
export async function joinGame(
  deps: BoardChangeDeps,
  game: Game,
  userId: string,
  request: JoinRequest,
  now: number = Date.now(),
): Promise<JoinOutcome> {
  const outcome = await register(deps.db, game, userId, request, now);
  if (outcome.accepted) boardChanged(deps, game.id);
  return outcome;
}

async function register(
  db: Kysely<DB>,
  game: Game,
  userId: string,
  request: JoinRequest,
  now: number = Date.now(),
): Promise<JoinOutcome> {
  if (isClosed(game, now)) throw gameEnded();
  if (game.inviteCode && request.inviteCode !== game.inviteCode) {
    throw new InvalidInput('Invalid game invitation code');
  }
  const division = request.division ?? null;
  if (!isValidDivision(game.divisions, request.division))
    throw new InvalidInput('Invalid division');
  const attempt = () =>
    withTransaction(db, async (trx): Promise<JoinOutcome> => {
      // The mode as stored now, the game row held until commit: a mode change waits for this join
      // (and then sees its registration), or this join waits for the change and sees the new mode.
      const individual = (await lockPlayMode(trx, game.id)) === 'Individual';
      const team = individual
        ? await personalEntryOf(trx, userId, now)
        : await chosenTeam(trx, userId, request.teamId);
      const current = await findParticipationOfUser(trx, game.id, userId);
      if (current && current.status !== 'Rejected') {
        throw new Refused('You have joined the game from other team');
      }
      await removeRejectedRegistrations(trx, game.id, userId);
      const existing = await findParticipationOfTeam(trx, game.id, team.id);
      const previous = existing?.status ?? null;
      const participation =
        existing ??
        (await createParticipation(trx, {
          gameId: game.id,
          teamId: team.id,
          token: sign(game.privateKey, team.id),
          division,
          now,
        }));
      if (!existing) {
        // A new registration: its webhook deliveries commit with it.
        const registration = { id: participation.id, teamId: team.id, teamName: team.name };
        await enqueueEvents(trx, [teamRegisteredEvent(game, { ...registration, time: now })], now);
      }
      // A personal entry has one member whatever the limit.
      const limit = individual ? 0 : game.teamMemberCountLimit;
      if (limit > 0 && (await countParticipants(trx, participation.id)) >= limit) {
        throw new Refused(`The number of participants in the team exceeds the limit of ${limit}`);
      }
      await addParticipant(trx, {
        participationId: participation.id,
        userId,
        gameId: game.id,
        now,
      });
      let status: ParticipationStatus =
        participation.status === 'Rejected' ? 'Pending' : participation.status;
      if (status === 'Pending' && game.acceptWithoutReview) status = 'Accepted';
      const newDivision = divisionAfterJoin(participation.status, participation.division, division);
      if (status === 'Accepted' && participation.status !== 'Accepted') {
        await changeParticipation(trx, participation, { status, division: newDivision });
        return { accepted: true, previous, status, teamId: team.id };
      }
      await updateParticipation(trx, participation.id, { status, division: newDivision });
      return { accepted: false, previous, status, teamId: team.id };
    });
  try {
    return await attempt();
  } catch (error) {
    // A concurrent join created the team's registration (or this user's, or the user's personal
    // entry) first: decide again.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/** The team a player names in a `Teams` game: required, theirs, and not a personal entry. */
async function chosenTeam(
  trx: Kysely<DB>,
  userId: string,
  teamId: number | undefined,
): Promise<Team> {
  if (teamId === undefined) throw new InvalidInput(TEAM_REQUIRED);
  const team = await findTeamById(trx, teamId);
  if (!team) throw new NotFound('Team not found');
  if (team.personalOf !== null) throw new InvalidInput(PERSONAL_ENTRY_TEAMS_GAME);
  if (!(await isTeamMember(trx, team.id, userId))) {
    throw new Refused('You are not a member of the team');
  }
  return team;
}

/** The player's personal entry in an `Individual` game, made on their first one. */
async function personalEntryOf(trx: Kysely<DB>, userId: string, now: number): Promise<Team> {
  const team = await findOrCreatePersonalEntry(trx, userId, now);
  if (!team) throw new NotFound('The account no longer exists');
  return team;
}

export interface LeaveOutcome {
  releasedWriteup: string | null;
  /** The registration the last member left, removed with its status then; null if it stays. */
  removed: { teamId: number; status: ParticipationStatus } | null;
}

/** Leaves the game (only while Pending or Rejected); answers the writeup blob to release. */
export async function leaveGame(
  db: Kysely<DB>,
  gameId: number,
  userId: string,
): Promise<LeaveOutcome> {
  return withTransaction(db, async (trx) => {
    const participation = await findParticipationOfUser(trx, gameId, userId);
    if (!participation) throw new Refused('Can not exit the game you are not joining');
    if (participation.status !== 'Pending' && participation.status !== 'Rejected') {
      throw new Refused('Can not exit the game after entrance approval');
    }
    await removeParticipant(trx, participation.id, userId);
    if ((await countParticipants(trx, participation.id)) > 0) {
      return { releasedWriteup: null, removed: null };
    }
    await deleteParticipation(trx, participation.id);
    return {
      releasedWriteup: participation.writeupHash,
      removed: { teamId: participation.teamId, status: participation.status },
    };
  });
}
