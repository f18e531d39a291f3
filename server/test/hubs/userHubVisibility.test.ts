// /hub/user pushes a game's messages only while REST shows the same data to players: not before
// the game has started, and from the start on without reconnecting. A hidden game is unknown to
// players (issue 23): a player's subscription is refused as for an unknown id, and the hub pushes
// nothing of it to players, whatever its dates; Monitors and Admins preview it, live.
import { beforeAll, expect, it } from 'vitest';
import { createGame, updateGame } from '#server/db/repositories/games.js';
import { groups } from '#server/services/realtime.js';
import { caller, signIn, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  groupMembers,
  hubClient,
  nextMessage,
  refusal,
  sessionFor,
  useHubApp,
  waitFor,
} from './support.js';
import { signedIn } from './sessionRights.js';

const HOUR = 3_600_000;

describeEachDatabase('/hub/user visibility', (getDb) => {
  const hub = useHubApp(getDb);
  let admin: Caller;
  let player: string;
  let monitor: string;
  beforeAll(async () => {
    admin = await signIn(hub.app, 'Admin');
    player = await sessionFor(hub.app, 'User');
    monitor = await sessionFor(hub.app, 'Monitor');
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

  /** A player (or `session`) connected to the game's hub, recording every notice and board update. */
  async function connect(gameId: number, session = player) {
    const connection = hubClient(`${hub.base}/hub/user?game=${gameId}`, { session });
    const listening = groupMembers(hub.app, groups.players(gameId));
    const seen: unknown[] = [];
    connection.on('ReceivedGameNotice', (notice: { values: string[] }) => seen.push(notice.values));
    connection.on('ReceivedScoreboardUpdate', (update) => seen.push(update));
    await connection.start();
    await waitFor(() => groupMembers(hub.app, groups.players(gameId)) === listening + 1);
    return { connection, seen };
  }

  /** Every message the hub connections have received so far has been sent or withheld. */
  const settled = () => Promise.all([...hub.app.hubs.connections].map((c) => c.idle()));

  it('sends nothing of a game that has not started, as REST refuses it, until it starts', async () => {
    const game = await newGame({ startsIn: HOUR, hidden: false });
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
  });

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

  it('sends the notices of a started, listed game, as REST shows them', async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: false });
    const { connection, seen } = await connect(game.id);
    const received = nextMessage(connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Running');
    await received;
    expect(seen).toEqual([['Running']]);
    const rest = await restNotices(game.id);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject([{ values: ['Running'] }]);
    await connection.stop();
  });

  it('refuses a player the hub of a started hidden game, as an unknown id', async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: true });
    const error = await refusal(
      hubClient(`${hub.base}/hub/user?game=${game.id}`, { session: player }),
    );
    expect(error.message).toMatch(/existing game/);
    expect((await restNotices(game.id)).statusCode).toBe(404);
  });

  it('goes quiet for players once a game is hidden (staff still preview it), and speaks again once published', async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: false });
    const watcher = await connect(game.id);
    const staff = await connect(game.id, monitor);
    await updateGame(hub.app.db, game.id, { hidden: true });
    const previewed = nextMessage(staff.connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Hidden');
    await previewed;
    await settled();

    await updateGame(hub.app.db, game.id, { hidden: false });
    const after = [watcher, staff].map(({ connection }) =>
      nextMessage(connection, 'ReceivedGameNotice'),
    );
    await postNotice(game.id, 'Published');
    await Promise.all(after);
    expect(watcher.seen).toEqual([['Published']]);
    expect(staff.seen).toEqual([['Hidden'], ['Published']]);
    await watcher.connection.stop();
    await staff.connection.stop();
  });

  it("stops a hidden game's messages to a monitor demoted while watching, at once", async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: true });
    const demoted = await signedIn(hub.app, 'Monitor');
    const { connection, seen } = await connect(game.id, demoted.token);
    // A staff member who keeps its rights: once it has a notice, the notice was judged for every
    // connection of the game (one screen, one pass), so the game can be published after it.
    const { connection: staff } = await connect(game.id, monitor);
    const preview = nextMessage(connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Preview');
    await preview;
    const demotion = await admin({
      method: 'PUT',
      url: `/api/admin/users/${demoted.user.id}`,
      payload: { role: 'User' },
    });
    expect(demotion.statusCode, demotion.body).toBe(200);
    // Sent after the demotion is answered: judged for a player, so withheld.
    const judged = nextMessage(staff, 'ReceivedGameNotice', (notice) =>
      JSON.stringify(notice).includes('Still hidden'),
    );
    await postNotice(game.id, 'Still hidden');
    await judged;
    await updateGame(hub.app.db, game.id, { hidden: false });
    const published = nextMessage(connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Published');
    await published;
    expect(seen).toEqual([['Preview'], ['Published']]);
    await connection.stop();
    await staff.stop();
  });

  it('admits staff to a started hidden game and pushes them its notices', async () => {
    const game = await newGame({ startsIn: -HOUR, hidden: true });
    const { connection, seen } = await connect(game.id, monitor);
    const received = nextMessage(connection, 'ReceivedGameNotice');
    await postNotice(game.id, 'Preview');
    await received;
    expect(seen).toEqual([['Preview']]);
    await connection.stop();
  });
});
