/** The public game lists and a game's public page (G1–G3). */
import {
  countParticipations,
  findParticipationOfUser,
  findTeamNameOfParticipation,
} from '../../db/repositories/participations.js';
import {
  countPublicGames,
  listPublicGames,
  listRecentGameCandidates,
} from '../../db/repositories/publicGames.js';
import { orderRecentGames, RECENT_GAMES_MAX } from '../../domain/recentGames.js';
import type { Handlers } from '../../http/handlers.js';
import { queryOf, requireGame } from './context.js';
import { toBasicGameInfo, toDetailedGameInfo } from './models.js';

export const gameListHandlers: Handlers = {
  async gameGetRecentGames(request) {
    const now = Date.now();
    const games = await listRecentGameCandidates(request.server.db, now, RECENT_GAMES_MAX);
    return orderRecentGames(games, now, queryOf(request, 'gameGetRecentGames').limit ?? 0).map(
      toBasicGameInfo,
    );
  },

  async gameGetGames(request) {
    const { count = 10, skip = 0 } = queryOf(request, 'gameGetGames');
    const { db } = request.server;
    const [games, total] = await Promise.all([
      listPublicGames(db, skip, count),
      countPublicGames(db),
    ]);
    return { data: games.map(toBasicGameInfo), length: games.length, total };
  },

  async gameGetGame(request) {
    const { db } = request.server;
    // A hidden game is answered to Monitors and Admins only (its `hidden` says so); 404 otherwise.
    const game = await requireGame(request, request.params.id);
    const participation = request.user
      ? await findParticipationOfUser(db, game.id, request.user.id)
      : null;
    const own = participation
      ? { participation, teamName: await findTeamNameOfParticipation(db, participation.id) }
      : null;
    return toDetailedGameInfo(game, await countParticipations(db, game.id), own);
  },
};
