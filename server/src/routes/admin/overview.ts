/**
 * The console home's figures (`GET /api/admin/overview`, a Vexil addition): per game on the home
 * (running, the next three upcoming, ended in the last day) its teams, pending reviews, submissions
 * per minute over the last hour, latest bloods and running containers; errors logged in the last
 * hour for the whole site. The console keeps them live from the hubs and reads this again now and
 * then (src/console/home/).
 */
import {
  countErrorsSince,
  countRegistrations,
  countRunningInstances,
  countSubmissionsPerMinute,
  latestBloods,
  listOverviewGames,
  MINUTE,
} from '../../db/repositories/overview.js';
import type { Handlers } from '../../http/handlers.js';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UPCOMING_GAMES = 3;
const LATEST_BLOODS = 5;

type Phase = 'Running' | 'Upcoming' | 'Ended';

const phaseOf = (game: { start: number; end: number }, now: number): Phase =>
  game.start > now ? 'Upcoming' : game.end <= now ? 'Ended' : 'Running';

const PHASE_ORDER: Record<Phase, number> = { Running: 0, Upcoming: 1, Ended: 2 };

export const adminOverviewHandlers: Handlers = {
  async adminGetOverview(request) {
    const { db } = request.server;
    const now = Date.now();
    const games = await listOverviewGames(db, now, now - DAY, UPCOMING_GAMES);
    const ids = games.map((game) => game.id);
    // The minute `now` falls in is the chart's last: the hour starts 59 whole minutes before it.
    const since = Math.floor(now / MINUTE) * MINUTE - 59 * MINUTE;
    const [registrations, minutes, instances, errors, bloods] = await Promise.all([
      countRegistrations(db, ids),
      countSubmissionsPerMinute(db, ids, since),
      countRunningInstances(db, ids),
      countErrorsSince(db, now - HOUR),
      Promise.all(ids.map((id) => latestBloods(db, id, LATEST_BLOODS))),
    ]);
    const figures = games.map((game, index) => {
      const ofGame = registrations.filter((row) => row.gameId === game.id);
      const withStatus = (status: string) =>
        ofGame.find((row) => row.status === status)?.count ?? 0;
      return {
        ...game,
        phase: phaseOf(game, now),
        teams: ofGame.reduce((sum, row) => sum + row.count, 0),
        acceptedTeams: withStatus('Accepted'),
        pendingTeams: withStatus('Pending'),
        runningInstances: instances.find((row) => row.gameId === game.id)?.count ?? 0,
        submissionsPerMinute: minutes
          .filter((row) => row.gameId === game.id)
          .map(({ minute, count }) => ({ minute, count })),
        bloods: bloods[index],
      };
    });
    figures.sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase]);
    return { time: now, errorsLastHour: errors, games: figures };
  },
};
