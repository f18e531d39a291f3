/**
 * A team's public record (a Vexil addition): the listed, started games it was accepted into, each
 * with its row of the game's public scoreboard and the challenges it solved. Everything comes from
 * the stored boards, so the page shows exactly what the scoreboard shows the caller: during a
 * freeze the frozen board, with the caller's own team's later solves on it (issue 23: a player
 * sees their team at one score on the board, the game page and this page), marked `frozenAt`. A game whose
 * scores the caller may not see yet (issue 25) is left out until they may.
 */
import type { components } from '#wire/schema.gen.js';
import { listPublicGamesOfTeam } from '../../db/repositories/teamGames.js';
import type { Handlers } from '../../http/handlers.js';
import { toBasicGameInfo } from '../game/models.js';
import { boardViewFor } from '../game/boardView.js';
import { rowOf } from '../../services/scoreboard/boardBytes.js';
import { readBoard } from '../game/scoreboard.js';
import { callerSeesScores } from '../game/scoreGate.js';
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
      // Scores kept from the caller until the end (issue 25): the game is left out until then.
      if (!callerSeesScores(request, stored)) continue;
      // The caller's view, as the scoreboard gives it: live for monitors and organisers, frozen
      // during a freeze, with the caller's own team's later solves when the caller plays.
      const board = await boardViewFor(request, stored);
      const row = rowOf(board, team.id);
      if (row === undefined) continue;
      const item = JSON.parse(row) as Schemas['ScoreboardItem'];
      const solved = new Set(item.solvedChallenges.map((solve) => solve.id));
      const groups = JSON.parse(board.challengesJson) as Record<string, ChallengeInfo[]>;
      const challenges = Object.values(groups)
        .flat()
        .filter((challenge) => solved.has(challenge.id));
      const frozen = board === stored ? {} : { frozenAt: stored.freezeTime ?? undefined };
      records.push({ game: toBasicGameInfo(game), item, challenges, ...frozen });
    }
    return records;
  },
};
