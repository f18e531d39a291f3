// Vexil's "board changed" message on /hub/user (ReceivedScoreboardUpdate): pushed after every
// rebuild with the board's version, so clients read the board once and revalidate it; and a
// blood notice arrives only after the board that shows the blood, so the client needs no delay.
import { expect, it } from 'vitest';
import { groups } from '#server/services/realtime.js';
import { caller } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { playingTeam, submitFlag } from '../routes/game/support.js';
import { busListeners, hubClient, nextMessage, useHubApp, waitFor } from './support.js';

interface Update {
  gameId: number;
  version: number;
}

describeEachDatabase('board changes on /hub/user', (getDb) => {
  const hub = useHubApp(getDb);

  const board = (gameId: number, headers: Record<string, string> = {}) =>
    caller(hub.app)({ method: 'GET', url: `/api/game/${gameId}/scoreboard`, headers });

  it('tells players the board changed, with the version to read', async () => {
    const game = await createGame(hub.app);
    const before = await board(game.id);
    const connection = hubClient(`${hub.base}/hub/user?game=${game.id}`);
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.players(game.id)) === 1);

    const update = nextMessage<Update>(connection, 'ReceivedScoreboardUpdate');
    await playingTeam(hub.app, game); // written straight to the tables: say it changed
    hub.app.scoreboards.invalidate(game.id);
    const { gameId, version } = await update;
    expect(gameId).toBe(game.id);
    expect(version).toBeGreaterThan(before.json().updateTimeUtc);

    // The one read the message causes: the old tag gets the new board, which is that version.
    const after = await board(game.id, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().updateTimeUtc).toBe(version);
    expect(after.json().items).toHaveLength(1);
    const again = await board(game.id, { 'if-none-match': after.headers.etag as string });
    expect(again.statusCode).toBe(304);
    await connection.stop();
  });

  it('pushes a blood notice after the board that shows the blood', async () => {
    const game = await createGame(hub.app);
    const challenge = await createChallenge(hub.app, game.id, { flags: ['flag{first}'] });
    const team = await playingTeam(hub.app, game);
    await hub.app.scoreboards.settle(game.id);
    const connection = hubClient(`${hub.base}/hub/user?game=${game.id}`);
    const order: string[] = [];
    connection.on('ReceivedScoreboardUpdate', () => order.push('board'));
    connection.on('ReceivedGameNotice', () => order.push('notice'));
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.players(game.id)) === 1);

    const notice = nextMessage<{ type: string; values: string[] }>(
      connection,
      'ReceivedGameNotice',
    );
    await submitFlag(team.call, game.id, challenge.id, 'flag{first}');
    expect(await notice).toMatchObject({
      type: 'FirstBlood',
      values: [team.team.name, challenge.title],
    });
    expect(order).toEqual(['board', 'notice']);

    // Read at once, without waiting: the blood is on the board.
    const read = (await board(game.id)).json();
    const row = read.items.find((item: { id: number }) => item.id === team.team.id);
    expect(row.solvedChallenges).toEqual([
      expect.objectContaining({ id: challenge.id, type: 'FirstBlood' }),
    ]);
    await connection.stop();
  });
});
