// H2 /hub/monitor?game=<id>: monitors and admins receive the game's events and submissions.
import { expect, it } from 'vitest';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  busListeners,
  gameFor,
  hubClient,
  nextMessage,
  refusal,
  sessionFor,
  useHubApp,
  waitFor,
} from './support.js';

describeEachDatabase('/hub/monitor', (getDb) => {
  const hub = useHubApp(getDb);

  it.each(['Monitor', 'Admin'] as const)(
    'pushes events and submissions to a %s, times as ISO',
    async (role) => {
      const game = await gameFor(hub.app);
      const session = await sessionFor(hub.app, role);
      const connection = hubClient(`${hub.base}/hub/monitor?game=${game}`, { session });
      await connection.start();
      await waitFor(() => busListeners(hub.app.realtime, groups.monitors(game)) === 1);

      const event = nextMessage(connection, 'ReceivedGameEvent');
      const submission = nextMessage(connection, 'ReceivedSubmissions');
      const time = Date.UTC(2025, 0, 2, 3, 4, 5, 6);
      hub.app.realtime.publish(groups.monitors(game), 'ReceivedGameEvent', {
        type: 'FlagSubmit',
        values: ['Accepted', 'flag{x}', 'Web 1', '3'],
        time,
        user: 'alice',
        team: 'red',
      });
      hub.app.realtime.publish(groups.monitors(game), 'ReceivedSubmissions', {
        answer: 'flag{x}',
        status: 'Accepted',
        time,
        user: 'alice',
        team: 'red',
        challenge: 'Web 1',
      });
      expect(await event).toEqual({
        type: 'FlagSubmit',
        values: ['Accepted', 'flag{x}', 'Web 1', '3'],
        time: '2025-01-02T03:04:05.006+00:00',
        user: 'alice',
        team: 'red',
      });
      expect(await submission).toMatchObject({
        status: 'Accepted',
        time: '2025-01-02T03:04:05.006+00:00',
      });
      await connection.stop();
    },
  );

  it('refuses a plain user, with an error on close', async () => {
    const game = await gameFor(hub.app);
    const session = await sessionFor(hub.app, 'User');
    const error = await refusal(hubClient(`${hub.base}/hub/monitor?game=${game}`, { session }));
    expect(error.message).toMatch(/Access denied/);
    expect(busListeners(hub.app.realtime, groups.monitors(game))).toBe(0);
  });

  it('refuses anonymous and banned callers', async () => {
    const game = await gameFor(hub.app);
    const anonymous = await refusal(hubClient(`${hub.base}/hub/monitor?game=${game}`));
    expect(anonymous.message).toMatch(/Access denied/);
    const session = await sessionFor(hub.app, 'Banned');
    const banned = await refusal(hubClient(`${hub.base}/hub/monitor?game=${game}`, { session }));
    expect(banned.message).toMatch(/Access denied/);
  });

  it('refuses a monitor when the game is missing or unknown', async () => {
    const session = await sessionFor(hub.app, 'Monitor');
    for (const query of ['', '?game=x', '?game=987654']) {
      const error = await refusal(hubClient(`${hub.base}/hub/monitor${query}`, { session }));
      expect(error.message).toMatch(/existing game/);
    }
  });
});
