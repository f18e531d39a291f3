/** Wire models of games as players see them. */
import type { components } from '#wire/schema.gen.js';
import type { Game } from '../../db/repositories/games.js';
import type { Participation } from '../../db/repositories/participations.js';

type Schemas = components['schemas'];

export const posterUrl = (hash: string | null): string | null =>
  hash ? `/assets/${hash}/poster` : null;

export const toBasicGameInfo = (game: Game): Schemas['BasicGameInfoModel'] => ({
  id: game.id,
  title: game.title,
  summary: game.summary,
  poster: posterUrl(game.posterHash),
  limit: game.teamMemberCountLimit,
  start: game.start,
  end: game.end,
  playMode: game.playMode,
});

export function toDetailedGameInfo(
  game: Game,
  teamCount: number,
  own: { participation: Participation; teamName: string } | null,
): Schemas['DetailedGameInfoModel'] {
  return {
    id: game.id,
    title: game.title,
    summary: game.summary,
    content: game.content,
    hidden: game.hidden,
    divisions: game.divisions,
    inviteCodeRequired: !!game.inviteCode?.trim(),
    writeupRequired: game.writeupRequired,
    poster: posterUrl(game.posterHash),
    limit: game.teamMemberCountLimit,
    teamCount,
    division: own?.participation.division ?? null,
    teamName: own?.teamName ?? null,
    practiceMode: game.practiceMode,
    status: own?.participation.status ?? 'Unsubmitted',
    start: game.start,
    end: game.end,
    freezeTime: game.freezeTime,
    scoreVisibility: game.scoreVisibility,
    playMode: game.playMode,
  };
}
