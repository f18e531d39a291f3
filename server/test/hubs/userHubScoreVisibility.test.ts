// /hub/user pushes a game's board updates only to those the board is shown to (issue 25, score
// visibility): with `Organisers` until the end, a player's socket gets none while a monitor's gets
// every one; with `SignedIn`, an anonymous socket gets none; from the end, everyone gets them.
// Notices are not scores: they still reach everyone, but for blood notices, which name the team
// that solved as the board would: they go where the board updates go.
import { beforeAll, expect, it } from 'vitest';
import { createGame, updateGame } from '#server/db/repositories/games.js';
import type { ScoreVisibility } from '#server/domain/scoreVisibility.js';
import { groups } from '#server/services/realtime.js';
import { signIn, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { groupMembers, hubClient, nextMessage, sessionFor, useHubApp, waitFor } from './support.js';

const HOUR = 3_600_000;
const BLOOD = ['Blood team', 'Blood challenge'];

describeEachDatabase('/hub/user score visibility', (getDb) => {
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
  const newGame = (scoreVisibility: ScoreVisibility) =>
    createGame(hub.app.db, {
      title: `Score visibility game ${++sequence}`,
      start: Date.now() - HOUR,
      end: Date.now() + HOUR,
      scoreVisibility,
      publicKey: 'test-public-key',
      privateKey: 'test-private-key',
    });

  /** A socket on the game's hub (`session` undefined: anonymous), recording what it receives. */
  async function connect(gameId: number, session?: string) {
    const connection = hubClient(`${hub.base}/hub/user?game=${gameId}`, { session });
    const listening = groupMembers(hub.app, groups.players(gameId));
    const seen: unknown[] = [];
    connection.on('ReceivedGameNotice', (notice: { values: string[] }) => seen.push(notice.values));
    connection.on('ReceivedScoreboardUpdate', (update: { version: number }) =>
      seen.push(update.version),
    );
    await connection.start();
    await waitFor(() => groupMembers(hub.app, groups.players(gameId)) === listening + 1);
    return { connection, seen };
  }

  const pushUpdate = (gameId: number, version: number) =>
    hub.app.realtime.publish(groups.players(gameId), 'ReceivedScoreboardUpdate', {
      gameId,
      version,
    });

  /** A first blood notice, as the flag checker publishes one. */
  const pushBlood = (gameId: number) =>
    hub.app.realtime.publish(groups.players(gameId), 'ReceivedGameNotice', {
      id: 1_000_000 + gameId,
      time: Date.now(),
      type: 'FirstBlood',
      values: ['Blood team', 'Blood challenge'],
    });

  /** A notice every socket gets: once it has arrived, the update published before it was decided. */
  const postNotice = async (gameId: number, content: string) => {
    const response = await admin({
      method: 'POST',
      url: `/api/edit/games/${gameId}/notices`,
      payload: { content },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  async function scenario(setting: ScoreVisibility) {
    const game = await newGame(setting);
    const sockets = {
      anonymous: await connect(game.id),
      player: await connect(game.id, player),
      monitor: await connect(game.id, monitor),
    };
    const arrived = Object.values(sockets).map(({ connection }) =>
      nextMessage(connection, 'ReceivedGameNotice'),
    );
    pushUpdate(game.id, 1);
    pushBlood(game.id);
    await postNotice(game.id, 'Running');
    await Promise.all(arrived);

    // The game ends: from now on the scores are public, and so are their updates.
    await updateGame(hub.app.db, game.id, { end: Date.now() - 1_000 });
    const after = Object.values(sockets).map(({ connection }) =>
      nextMessage(connection, 'ReceivedScoreboardUpdate'),
    );
    pushUpdate(game.id, 2);
    await Promise.all(after);
    for (const { connection } of Object.values(sockets)) await connection.stop();
    return {
      anonymous: sockets.anonymous.seen,
      player: sockets.player.seen,
      monitor: sockets.monitor.seen,
    };
  }

  it('Public: every socket gets the updates', async () => {
    const seen = await scenario('Public');
    for (const got of Object.values(seen)) expect(got).toEqual([1, BLOOD, ['Running'], 2]);
  });

  it('SignedIn: an anonymous socket gets no update until the end', async () => {
    const seen = await scenario('SignedIn');
    expect(seen.anonymous).toEqual([['Running'], 2]);
    expect(seen.player).toEqual([1, BLOOD, ['Running'], 2]);
    expect(seen.monitor).toEqual([1, BLOOD, ['Running'], 2]);
  });

  it("Organisers: a player's socket gets no update until the end, a monitor's gets every one", async () => {
    const seen = await scenario('Organisers');
    expect(seen.anonymous).toEqual([['Running'], 2]);
    expect(seen.player).toEqual([['Running'], 2]);
    expect(seen.monitor).toEqual([1, BLOOD, ['Running'], 2]);
  });
});
