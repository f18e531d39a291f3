/**
 * Whether the players' hub may push a message of a game: the decision of the REST reads of the
 * same data (`GET /api/game/{id}/notices`, `…/scoreboard`), i.e. `requireStartedGame`'s
 * `checkStartedGame` on the game as stored now: it exists and has started, and when it is hidden
 * the receiver is a Monitor or Admin (their preview; the connection's viewer, as admitted). A game
 * hidden after players connected goes quiet for them.
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
import { checkStartedGame, isVisibleTo, type GameViewer } from '../../domain/gameGate.js';
import { DomainError } from '../../domain/errors.js';
import type { HubMessage } from '../../services/realtime.js';

/** What one read of the game decided for a message: sent or not, and to whom if the game is hidden. */
interface Verdict {
  allowed: boolean;
  hidden: boolean;
}

const WITHHELD: Verdict = { allowed: false, hidden: true };

export class GameFeedGate {
  private readonly verdicts = new WeakMap<HubMessage, Promise<Verdict>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether `message`, published to the players of `gameId`, may be pushed to `viewer` now. */
  async allows(gameId: number, message: HubMessage, viewer: GameViewer): Promise<boolean> {
    let verdict = this.verdicts.get(message);
    if (!verdict) {
      verdict = this.decide(gameId, message);
      this.verdicts.set(message, verdict);
    }
    const { allowed, hidden } = await verdict;
    return allowed && isVisibleTo({ hidden }, viewer);
  }

  private async decide(gameId: number, message: HubMessage): Promise<Verdict> {
    try {
      const game = await findGame(this.db, gameId);
      const now = this.clock();
      // Decided for staff (who see hidden games); `allows` applies the receiver's view.
      checkStartedGame(game, now, { seesHidden: true });
      // A blood after a scoreboard freeze would tell players who solved what: not while frozen.
      const allowed = !(isBoardFrozen(game, now) && isBloodSince(message, game.freezeTime ?? now));
      return { allowed, hidden: game.hidden };
    } catch (error) {
      if (error instanceof DomainError) return WITHHELD;
      this.log.warn(
        { err: error },
        `Withheld a message of game ${gameId}: could not read the game`,
      );
      return WITHHELD;
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
