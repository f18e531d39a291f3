// Prerequisites on the scoreboard (issue 25): a challenge the organiser hides while it is locked
// is not named on the board (its challenge list, its count) until a team solves it; one shown
// locked is listed from the start, as is a timed release once its time has come.
import { expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam, submitAndWait } from './support.js';

interface Board {
  challenges: Record<string, { id: number }[]>;
  challengeCount: number;
}

describeEachDatabase('locked challenges on the scoreboard', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  async function setRule(game: Game, challengeId: number, body: Record<string, unknown>) {
    const response = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/challenges/${challengeId}`,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function listedOnBoard(game: Game): Promise<{ ids: number[]; count: number }> {
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);
    const response = await server.anonymous({
      method: 'GET',
      url: `/api/game/${game.id}/scoreboard`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json() as Board;
    const ids = Object.values(board.challenges)
      .flat()
      .map((challenge) => challenge.id)
      .sort((a, b) => a - b);
    return { ids, count: board.challengeCount };
  }

  it('names a challenge hidden while locked only once a team solved it', async () => {
    const game = await createGame(server.app);
    const open = await createChallenge(server.app, game.id, { title: 'Open door' });
    const hidden = await createChallenge(server.app, game.id, { title: 'Secret room' });
    const shown = await createChallenge(server.app, game.id, { title: 'Visible lock' });
    const released = await createChallenge(server.app, game.id, { title: 'Released' });
    const later = await createChallenge(server.app, game.id, { title: 'Not yet' });
    await setRule(game, hidden.id, { prerequisites: [open.id] });
    await setRule(game, shown.id, { prerequisites: [open.id], showWhenLocked: true });
    await setRule(game, released.id, {
      releaseTime: new Date(Date.now() - 60_000).toISOString(),
    });
    await setRule(game, later.id, { releaseTime: new Date(Date.now() + 3_600_000).toISOString() });
    const team = await playingTeam(server.app, game);

    expect(await listedOnBoard(game)).toEqual({
      ids: [open.id, shown.id, released.id].sort((a, b) => a - b),
      count: 3,
    });

    expect(await submitAndWait(team.call, game.id, open.id, open.flags[0])).toBe('Accepted');
    // Open to this team now, but no team solved it yet: still not named.
    expect((await listedOnBoard(game)).ids).not.toContain(hidden.id);
    expect(await submitAndWait(team.call, game.id, hidden.id, hidden.flags[0])).toBe('Accepted');
    expect(await listedOnBoard(game)).toEqual({
      ids: [open.id, hidden.id, shown.id, released.id].sort((a, b) => a - b),
      count: 4,
    });
  });
});
