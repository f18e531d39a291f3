// H3 /hub/admin: admins receive every Information-or-higher log line of the server.
import { expect, it } from 'vitest';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  busListeners,
  hubClient,
  nextMessage,
  refusal,
  sessionFor,
  useHubApp,
  waitFor,
} from './support.js';

describeEachDatabase('/hub/admin', (getDb) => {
  const hub = useHubApp(getDb);

  it('pushes a line written with app.log.info as a LogMessageModel with an ISO time', async () => {
    const session = await sessionFor(hub.app, 'Admin');
    const connection = hubClient(`${hub.base}/hub/admin`, { session });
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.admins) === 1);

    const line = nextMessage(connection, 'ReceivedLog', (log) => log.msg === 'Hub log line');
    const before = Date.now();
    hub.app.log.info({ userName: 'alice', ip: '10.0.0.1', taskStatus: 'Success' }, 'Hub log line');
    const log = await line;
    expect(log).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/),
      name: 'alice',
      level: 'Information',
      ip: '10.0.0.1',
      msg: 'Hub log line',
      status: 'Success',
    });
    expect(new Date(log.time as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const failure = nextMessage(connection, 'ReceivedLog', (entry) => entry.level === 'Error');
    hub.app.log.error({ err: new Error('boom') }, 'Hub failure');
    expect(await failure).toMatchObject({
      name: 'System',
      ip: '',
      msg: expect.stringMatching(/^Hub failure\nError: boom/),
      status: 'Failed',
    });
    await connection.stop();
  });

  it.each(['User', 'Monitor'] as const)('refuses a %s', async (role) => {
    const session = await sessionFor(hub.app, role);
    const error = await refusal(hubClient(`${hub.base}/hub/admin`, { session }));
    expect(error.message).toMatch(/Access denied/);
  });

  it('refuses an anonymous caller and one with an unknown session', async () => {
    expect((await refusal(hubClient(`${hub.base}/hub/admin`))).message).toMatch(/Access denied/);
    const forged = await refusal(hubClient(`${hub.base}/hub/admin`, { session: 'not-a-session' }));
    expect(forged.message).toMatch(/Access denied/);
  });
});
