/**
 * Whether the players' hub may push a message of a game: the decision of the REST reads of the
 * same data (`GET /api/game/{id}/notices`, `…/scoreboard`) for players, i.e. `requireStartedGame`'s
 * `checkStartedGame` on the game as stored now: it exists, is not hidden and has started. The
 * verdict is one per message, so a hidden game's messages go to nobody on this hub, staff included
 * (they follow the game on the monitor hub); a game hidden after players connected goes quiet.
 *
 * Decided per message, not once at subscription: a client may connect before the start (the
 * contract admits any existing game), and it must get the game's messages once the game has
 * started, not before; an organiser may also move the start after clients connected. The game is
 * read once per message on each instance, however many connections deliver it (the bus hands
 * every listener of the instance the same message object), so the cost is one primary-key read
 * per notice or board update, not per player. A failed read withholds the message (fail closed);
 * clients read the list again when they reconnect. While the game's board is frozen (issue 17),
 * blood notices of solves since the freeze are withheld too, as the notice list leaves them out.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BLOOD_NOTICES } from '../../db/repositories/gameEvents.js';
import { findGame } from '../../db/repositories/games.js';
import { isBoardFrozen } from '../../domain/scoring/freeze.js';
import type { DB } from '../../db/schema.js';
import { checkStartedGame } from '../../domain/gameGate.js';
import { DomainError } from '../../domain/errors.js';
import type { HubMessage } from '../../services/realtime.js';

export class GameFeedGate {
  private readonly verdicts = new WeakMap<HubMessage, Promise<boolean>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether `message`, published to the players of `gameId`, may be pushed to them now. */
  allows(gameId: number, message: HubMessage): Promise<boolean> {
    let verdict = this.verdicts.get(message);
    if (!verdict) {
      verdict = this.decide(gameId, message);
      this.verdicts.set(message, verdict);
    }
    return verdict;
  }

  private async decide(gameId: number, message: HubMessage): Promise<boolean> {
    try {
      const game = await findGame(this.db, gameId);
      const now = this.clock();
      checkStartedGame(game, now, { seesHidden: false });
      // A blood after a scoreboard freeze would tell players who solved what: not while frozen.
      return !(isBoardFrozen(game, now) && isBloodSince(message, game.freezeTime ?? now));
    } catch (error) {
      if (error instanceof DomainError) return false;
      this.log.warn(
        { err: error },
        `Withheld a message of game ${gameId}: could not read the game`,
      );
      return false;
    }
  }
}

/** Whether the message is a blood notice of a solve at or after `time`. */
function isBloodSince(message: HubMessage, time: number): boolean {
  if (message.target !== 'ReceivedGameNotice') return false;
  const notice = message.payload as { type?: string; time?: number };
  return (
    (BLOOD_NOTICES as readonly (string | undefined)[]).includes(notice.type) &&
    (notice.time ?? time) >= time
  );
}
