/**
 * Whether the players' hub may push a message of a game: the decision of the REST reads of the
 * same data (`GET /api/game/{id}/notices`, `…/scoreboard`), i.e. `requireStartedGame`'s
 * `checkStartedGame` on the game as stored now: it exists and has started, and when it is hidden
 * the receiver is a Monitor or Admin (their preview; the connection's viewer as its session was
 * last read). A game hidden after players connected goes quiet for them.
 *
 * Decided per message, not once at subscription: a client may connect before the start (the
 * contract admits any existing game), and it must get the game's messages once the game has
 * started, not before; an organiser may also move the start after clients connected. The game is
 * read once per message on each instance, however many connections deliver it (every connection
 * of the game shares the game's screen, `screenOf`, and the hubs' groups screen a message once
 * for all of them, groups.ts), so the cost is one primary-key read per notice or board update,
 * not per player; each connection then applies the answer to its viewer. A failed read withholds
 * the message (fail closed);
 * clients read the list again when they reconnect. While the game's board is frozen (issue 17),
 * blood notices of solves since the freeze are withheld too, as the notice list leaves them out.
 * Until the end of a game whose scores are not public (issue 25, `scoreVisibility`), its board
 * updates and blood notices go only to those the board itself is shown to: signed-in accounts,
 * or staff.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BLOOD_NOTICES } from '../../db/repositories/gameEvents.js';
import { findGame } from '../../db/repositories/games.js';
import { isBoardFrozen } from '../../domain/scoring/freeze.js';
import type { DB } from '../../db/schema.js';
import { checkStartedGame, viewerWithRole } from '../../domain/gameGate.js';
import { DomainError } from '../../domain/errors.js';
import {
  scoreRestriction,
  seesScores,
  type ScoreVisibility,
} from '../../domain/scoreVisibility.js';
import type { HubMessage } from '../../services/realtime.js';
import { EVERYONE, NOBODY, type ViewerCheck } from './batch.js';
import type { MessageScreen } from './groups.js';

/** What one read of the game decided for a message: sent or not, and to whom if the game is hidden. */
interface Verdict {
  allowed: boolean;
  hidden: boolean;
  /** Only these users (and staff) may have it; absent: everyone allowed. */
  audience?: ReadonlySet<string> | null;
  /** A message carrying scores of a game whose scores are not public yet: who may have it. */
  scores?: ScoreVisibility;
}

/**
 * Narrows a message to some users (issue 25: a team's own unlock message, a notice naming a
 * challenge hidden while locked); null lets everyone have it.
 */
export type MessageAudience = (
  gameId: number,
  message: HubMessage,
  now: number,
) => Promise<ReadonlySet<string> | null>;

const WITHHELD: Verdict = { allowed: false, hidden: true };

/** Staff only: Monitors and Admins preview a hidden game. */
const STAFF: ViewerCheck = (viewer) => viewerWithRole(viewer?.role).seesHidden;

/** Who may have a message of the game, once decided for it. */
const checkOf = ({ allowed, hidden, audience, scores }: Verdict): ViewerCheck => {
  if (!allowed) return NOBODY;
  if (hidden) return STAFF;
  // The end has not come (the verdict is decided per message): only the time matters no more.
  if (scores) {
    const game = { scoreVisibility: scores, endTime: Number.POSITIVE_INFINITY };
    return (viewer) => seesScores(game, { signedIn: viewer !== null, role: viewer?.role }, 0);
  }
  if (!audience) return EVERYONE;
  return (viewer) => STAFF(viewer) || (viewer !== null && audience.has(viewer.id));
};

export class GameFeedGate {
  /**
   * One screen per game, shared by its connections so that they share its decisions; kept for the
   * app's life, a small function per game some client asked for (only existing games are).
   */
  private readonly screens = new Map<number, MessageScreen>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
    private readonly audience?: MessageAudience,
  ) {}

  /**
   * The screen of the game's messages (groups.ts): who may have `message`, published to the
   * players of `gameId`, now. The same function for every call with the same game.
   */
  screenOf(gameId: number): MessageScreen {
    let screen = this.screens.get(gameId);
    if (!screen) {
      screen = async (message) => checkOf(await this.decide(gameId, message));
      this.screens.set(gameId, screen);
    }
    return screen;
  }

  private async decide(gameId: number, message: HubMessage): Promise<Verdict> {
    try {
      const game = await findGame(this.db, gameId);
      const now = this.clock();
      // Decided for staff (who see hidden games); the check applies the receiver's view.
      checkStartedGame(game, now, { seesHidden: true });
      // A blood after a scoreboard freeze would tell players who solved what: not while frozen.
      const allowed = !(isBoardFrozen(game, now) && isBloodSince(message, game.freezeTime ?? now));
      const audience = allowed && this.audience ? await this.audience(gameId, message, now) : null;
      const scores = carriesScores(message)
        ? (scoreRestriction({ scoreVisibility: game.scoreVisibility, endTime: game.end }, now) ??
          undefined)
        : undefined;
      return { allowed, hidden: game.hidden, audience, scores };
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

/** Messages that tell of the game's scores (issue 25: held back with them until the end). */
const SCORE_MESSAGES: ReadonlySet<string> = new Set(['ReceivedScoreboardUpdate']);

/** Board updates, and blood notices: they name the team that solved, as the board would. */
const carriesScores = (message: HubMessage): boolean =>
  SCORE_MESSAGES.has(message.target) || isBloodSince(message, Number.MIN_SAFE_INTEGER);

/** Whether the message is a blood notice of a solve at or after `time`. */
function isBloodSince(message: HubMessage, time: number): boolean {
  if (message.target !== 'ReceivedGameNotice') return false;
  const notice = message.payload as { type?: string; time?: number };
  return (
    (BLOOD_NOTICES as readonly (string | undefined)[]).includes(notice.type) &&
    (notice.time ?? time) >= time
  );
}
