// /hub/user pushes a game's messages only while REST shows the same data: not before the game has
// started (hidden or not), and from the start on without reconnecting; a hidden game that has
// started is shown by both, since hidden only keeps a game out of the public lists.
import { beforeAll, expect, it } from 'vitest';
import { createGame, updateGame } from '#server/db/repositories/games.js';
import { groups } from '#server/services/realtime.js';
import { caller, signIn, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { busListeners, hubClient, nextMessage, sessionFor, useHubApp, waitFor } from './support.js';

const HOUR = 3_600_000;

describeEachDatabase('/hub/user visibility', (getDb) => {
  const hub = useHubApp(getDb);
  let admin: Caller;
  let player: string;
  beforeAll(async () => {
    admin = await signIn(hub.app, 'Admin');
    player = await sessionFor(hub.app, 'User');
  });

  let sequence = 0;
  const newGame = (settings: { startsIn: number; hidden: boolean }) =>
    createGame(hub.app.db, {
      title: `Visibility game ${++sequence}`,
      start: Date.now() + settings.startsIn,
      end: Date.now() + 2 * HOUR,
      hidden: settings.hidden,
      publicKey: 'test-public-key',
      privateKey: 'test-private-key',
    });

  const postNotice = async (gameId: number, content: string) => {
    const response = await admin({
      method: 'POST',
      url: `/api/edit/games/${gameId}/notices`,
      payload: { content },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const restNotices = (gameId: number) =>
    caller(hub.app, player)({ method: 'GET', url: `/api/game/${gameId}/notices` });

  /** A player connected to the game's hub, recording every notice and board update. */
  async function connect(gameId: number) {
    const connection = hubClient(`${hub.base}/hub/user?game=${gameId}`, { session: player });
    const seen: unknown[] = [];
    connection.on('ReceivedGameNotice', (notice: { values: string[] }) => seen.push(notice.values));
    connection.on('ReceivedScoreboardUpdate', (update) => seen.push(update));
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.players(gameId)) === 1);
    return { connection, seen };
  }

  /** Every message the hub connections have received so far has been sent or withheld. */
  const settled = () => Promise.all([...hub.app.hubs.connections].map((c) => c.idle()));

  it.each([
    ['has not started', false],
    ['is hidden and has not started', true],
  ])(
    'sends nothing of a game that %s, as REST refuses it, until it starts',
    async (_case, hidden) => {
      const game = await newGame({ startsIn: HOUR, hidden });
      const { connection, seen } = await connect(game.id);

      await postNotice(game.id, 'Before the start');
      hub.app.realtime.publish(groups.players(game.id), 'ReceivedScoreboardUpdate', {
        gameId: game.id,
        version: 1,
      });
      expect((await restNotices(game.id)).statusCode).toBe(400);
      await settled();

      // The game starts while the player stays connected: what follows is sent. Messages keep their
      // order, so had the earlier ones been sent they would have arrived first.
      await updateGame(hub.app.db, game.id, { start: Date.now() - 1_000 });
      const after = nextMessage<string[]>(connection, 'ReceivedGameNotice');
      await postNotice(game.id, 'After the start');
      await after;
      expect(seen).toEqual([['After the start']]);
      expect((await restNotices(game.id)).statusCode).toBe(200);
      await connection.stop();
    },
  );

  it('decides per message: a start moved later withholds again', async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: false });
    const { connection, seen } = await connect(game.id);
    await updateGame(hub.app.db, game.id, { start: Date.now() + HOUR });
    await postNotice(game.id, 'Postponed');
    await settled();
    await updateGame(hub.app.db, game.id, { start: Date.now() - 1_000 });
    const after = nextMessage(connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Resumed');
    await after;
    expect(seen).toEqual([['Resumed']]);
    await connection.stop();
  });

  it('sends the notices of a started game, hidden or not, as REST shows them', async () => {
    for (const hidden of [false, true]) {
      const game = await newGame({ startsIn: -HOUR, hidden });
      const { connection, seen } = await connect(game.id);
      const received = nextMessage(connection, 'ReceivedGameNotice');
      await postNotice(game.id, 'Running');
      await received;
      expect(seen).toEqual([['Running']]);
      const rest = await restNotices(game.id);
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toMatchObject([{ values: ['Running'] }]);
      await connection.stop();
    }
  });
});
