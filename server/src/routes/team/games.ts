/**
 * A team's public record (a Vexil addition): the listed, started games it was accepted into, each
 * with its row of the game's public scoreboard and the challenges it solved. Everything comes from
 * the stored boards, so the page shows exactly what the public scoreboards show (frozen ones
 * included).
 */
import type { components } from '#wire/schema.gen.js';
import { listPublicGamesOfTeam } from '../../db/repositories/teamGames.js';
import type { Handlers } from '../../http/handlers.js';
import { toBasicGameInfo } from '../game/models.js';
import { frozenViewOf, seesLiveBoard } from '../game/boardView.js';
import { rowOf } from '../../services/scoreboard/boardBytes.js';
import { readBoard } from '../game/scoreboard.js';
import { requireTeam } from './guards.js';

type Schemas = components['schemas'];
type ChallengeInfo = Schemas['ChallengeInfo'];

export const teamGameHandlers: Handlers = {
  async teamGetGames(request) {
    const team = await requireTeam(request, request.params.id);
    const games = await listPublicGamesOfTeam(request.server.db, team.id, Date.now());
    const records: Schemas['TeamGameModel'][] = [];
    for (const game of games) {
      const stored = await readBoard(request.server, game.id);
      // The public view, as the CTFtime feed: frozen during a freeze (for the team's own members
      // too), live for monitors and organisers.
      const board = seesLiveBoard(request) ? stored : (frozenViewOf(request, stored) ?? stored);
      const row = rowOf(board, team.id);
      if (row === undefined) continue;
      const item = JSON.parse(row) as Schemas['ScoreboardItem'];
      const solved = new Set(item.solvedChallenges.map((solve) => solve.id));
      const groups = JSON.parse(board.challengesJson) as Record<string, ChallengeInfo[]>;
      const challenges = Object.values(groups)
        .flat()
        .filter((challenge) => solved.has(challenge.id));
      records.push({ game: toBasicGameInfo(game), item, challenges });
    }
    return records;
  },
};
