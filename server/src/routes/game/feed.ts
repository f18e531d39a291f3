/** The game's notices for everyone and its event log for monitors (G7, G8). */
import { listGameEvents, listNoticeFeed } from '../../db/repositories/gameEvents.js';
import { toGameEventModel, toNoticeModel } from '../../domain/playModels.js';
import { isBoardFrozen } from '../../domain/scoring/freeze.js';
import { seesLiveBoard } from './boardView.js';
import type { Handlers } from '../../http/handlers.js';
import { queryOf, requireStartedGame } from './context.js';
import { noticesForReader } from './locks.js';
import { callerSeesScores } from './scoreGate.js';

/** A time before every notice: no blood notice is listed before it. */
const NO_BLOODS = Number.MIN_SAFE_INTEGER;

export const gameFeedHandlers: Handlers = {
  async gameGetNotices(request) {
    const game = await requireStartedGame(request, request.params.id);
    const { count = 100, skip = 0 } = queryOf(request, 'gameGetNotices');
    // While the board is frozen, players are not told who solved what since the freeze; while
    // the scores are kept from the caller (issue 25, `scoreVisibility`), not at all: a blood
    // notice names the team that solved.
    const frozen = isBoardFrozen(game, Date.now()) && !seesLiveBoard(request);
    const bloodsBefore = !callerSeesScores(request, {
      scoreVisibility: game.scoreVisibility,
      endTime: game.end,
    })
      ? NO_BLOODS
      : frozen
        ? (game.freezeTime ?? undefined)
        : undefined;
    const notices = await listNoticeFeed(request.server.db, game.id, { count, skip }, bloodsBefore);
    // Vexil addition (issue 25): notices naming a challenge hidden from the reader's team.
    return (await noticesForReader(request, game.id, notices)).map(toNoticeModel);
  },

  async gameGetEvents(request) {
    const game = await requireStartedGame(request, request.params.id);
    const { count = 100, skip = 0, hideContainer = false } = queryOf(request, 'gameGetEvents');
    const events = await listGameEvents(request.server.db, game.id, {
      count,
      skip,
      hideContainer,
    });
    return events.map(toGameEventModel);
  },
};
