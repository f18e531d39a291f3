// H1 /hub/user?game=<id>: anyone connects to an existing game and receives its notices.
import { expect, it } from 'vitest';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  gameFor,
  hubClient,
  nextMessage,
  refusal,
  useHubApp,
  waitFor,
  busListeners,
} from './support.js';

describeEachDatabase('/hub/user', (getDb) => {
  const hub = useHubApp(getDb);

  it('pushes a notice published to the game group to an anonymous player, time as ISO', async () => {
    const game = await gameFor(hub.app);
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.players(game)) === 1);

    const received = nextMessage(connection, 'ReceivedGameNotice');
    const time = Date.UTC(2024, 10, 20, 7, 58, 14, 123);
    hub.app.realtime.publish(groups.players(game), 'ReceivedGameNotice', {
      id: 7,
      time,
      type: 'Normal',
      values: ['Welcome'],
    });
    expect(await received).toEqual({
      id: 7,
      time: '2024-11-20T07:58:14.123+00:00',
      type: 'Normal',
      values: ['Welcome'],
    });
    expect(new Date((await received).time as string).getTime()).toBe(time);
    await connection.stop();
  });

  it('delivers only the notices of the connected game', async () => {
    const [game, other] = [await gameFor(hub.app), await gameFor(hub.app)];
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    const seen: unknown[] = [];
    connection.on('ReceivedGameNotice', (notice) => seen.push(notice));
    await connection.start();
    hub.app.realtime.publish(groups.players(other), 'ReceivedGameNotice', { id: 1, time: 0 });
    hub.app.realtime.publish(groups.monitors(game), 'ReceivedGameEvent', { time: 0 });
    const received = nextMessage(connection, 'ReceivedGameNotice');
    hub.app.realtime.publish(groups.players(game), 'ReceivedGameNotice', { id: 2, time: 0 });
    expect((await received).id).toBe(2);
    expect(seen).toHaveLength(1);
    await connection.stop();
  });

  it.each([
    ['missing', ''],
    ['not an integer', '?game=abc'],
    ['a decimal', '?game=1.5'],
    ['negative', '?game=-1'],
    ['too large', '?game=99999999999'],
    ['unknown', '?game=987654'],
  ])('refuses a game parameter that is %s', async (_case, query) => {
    const error = await refusal(hubClient(`${hub.base}/hub/user${query}`));
    expect(error.message).toMatch(/existing game/);
  });
});
