// Hub connections follow the rights of the session that opened them (issue 23): an admin or a
// monitor who signs out, changes their password, is banned, demoted, has their password reset or
// is deleted, or whose session expires, loses the hub at once and receives nothing sent after the
// change (no admin log line, no flag text); a player's connection goes on as anonymous.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { RIGHTS_ENDED } from '#server/plugins/hubs/connection.js';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import { gameFor, hubClient, nextMessage, useHubApp, waitFor } from './support.js';
import {
  closedWithError,
  openHub,
  RIGHTS_ENDING_CHANGES,
  signedIn,
  whenLive,
  type WatchedHub,
} from './sessionRights.js';

describeEachDatabase('hub connections follow their session', (getDb) => {
  const hub = useHubApp(getDb);
  const admin = hub.as('Admin');

  /** An admin hub connection that has received a log line. */
  async function liveAdminHub(token: string): Promise<WatchedHub> {
    const connection = await openHub(`${hub.base}/hub/admin`, token, ['ReceivedLog']);
    const marker = `live ${randomUUID()}`;
    await whenLive(
      connection,
      'ReceivedLog',
      () => hub.app.log.info(marker),
      (log) => (log as { msg: string }).msg === marker,
    );
    return connection;
  }

  /** A monitor hub connection of the game that has received a submission. */
  async function liveMonitorHub(token: string, game: number): Promise<WatchedHub> {
    const connection = await openHub(`${hub.base}/hub/monitor?game=${game}`, token, [
      'ReceivedSubmissions',
    ]);
    const answer = `flag{live-${randomUUID()}}`;
    await whenLive(
      connection,
      'ReceivedSubmissions',
      () => publishSubmission(game, answer),
      (submission) => (submission as { answer: string }).answer === answer,
    );
    return connection;
  }

  const publishSubmission = (game: number, answer: string) =>
    hub.app.realtime.publish(groups.monitors(game), 'ReceivedSubmissions', {
      answer,
      status: 'Accepted',
      time: Date.now(),
      user: 'alice',
      team: 'red',
      challenge: 'Web 1',
    });

  it.each(RIGHTS_ENDING_CHANGES)(
    'closes the admin hub of an admin who %s, before any later log line',
    async (_name, change) => {
      const target = await signedIn(hub.app, 'Admin');
      const connection = await liveAdminHub(target.token);

      expect((await change(target, admin)).statusCode).toBe(200);
      // A line logged once the change is answered (a reset link, say) never reaches them.
      const secret = `after the change ${randomUUID()}`;
      hub.app.log.info(secret);

      expect((await closedWithError(connection)).message).toContain(RIGHTS_ENDED);
      const lines = connection.received.get('ReceivedLog') as { msg: string }[];
      expect(lines.map((line) => line.msg)).not.toContain(secret);
    },
  );

  it.each(RIGHTS_ENDING_CHANGES)(
    'closes the monitor hub of a monitor who %s, before any later submission',
    async (_name, change) => {
      const game = await gameFor(hub.app);
      const target = await signedIn(hub.app, 'Monitor');
      const connection = await liveMonitorHub(target.token, game);

      expect((await change(target, admin)).statusCode).toBe(200);
      const flag = `flag{after-${randomUUID()}}`;
      publishSubmission(game, flag);

      expect((await closedWithError(connection)).message).toContain(RIGHTS_ENDED);
      const submissions = connection.received.get('ReceivedSubmissions') as { answer: string }[];
      expect(submissions.map((submission) => submission.answer)).not.toContain(flag);
    },
  );

  it('closes the admin and monitor hubs when the session expires', async () => {
    // The session must outlive the connection's start: on a busy machine, try again with a
    // longer one if it expired first (the hub then refuses it).
    for (let ttlMs = 2_000; ; ttlMs *= 2) {
      const target = await signedIn(hub.app, 'Admin', ttlMs);
      const game = await gameFor(hub.app);
      let hubs: WatchedHub[];
      try {
        hubs = [await liveAdminHub(target.token), await liveMonitorHub(target.token, game)];
      } catch {
        if (ttlMs > 60_000) throw new Error('Could not open a hub before the session expired');
        continue;
      }
      for (const connection of hubs) {
        expect((await closedWithError(connection)).message).toContain(RIGHTS_ENDED);
      }
      return;
    }
  });

  it('keeps the admin hub of an admin whose other session ends, or whose profile changes', async () => {
    const target = await signedIn(hub.app, 'Admin');
    const other = await signedIn(hub.app, 'Admin');
    const connection = await liveAdminHub(target.token);
    const otherHub = await liveAdminHub(other.token);
    expect((await other.call({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(200);
    await closedWithError(otherHub);
    expect(
      (
        await target.call({
          method: 'PUT',
          url: '/api/account/update',
          payload: { bio: 'still an admin' },
        })
      ).statusCode,
    ).toBe(200);
    // A change of the user that keeps their rights (a new name) re-reads the session, keeps it.
    expect(
      (
        await admin({
          method: 'PUT',
          url: `/api/admin/users/${target.user.id}`,
          payload: { userName: `renamed${Math.floor(Math.random() * 1e6)}` },
        })
      ).statusCode,
    ).toBe(200);
    const marker = `still here ${randomUUID()}`;
    const line = nextMessage(connection.connection, 'ReceivedLog', (log) => log.msg === marker);
    hub.app.log.info(marker);
    await line;
    await connection.connection.stop();
  });

  it("lets a player's hub go on as anonymous after sign-out", async () => {
    const game = await gameFor(hub.app);
    const player = await signedIn(hub.app, 'User');
    const followed = () => hub.app.hubs.sessions?.size ?? 0;
    // The earlier tests' connections are all closed or stopped: wait until the server saw it.
    await waitFor(() => followed() === 0);
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`, { session: player.token });
    await connection.start();
    await waitFor(() => followed() === 1);
    expect((await player.call({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(
      200,
    );
    // No longer followed: the session ended, the connection stays (the hub is open to anyone).
    await waitFor(() => followed() === 0);
    const notice = nextMessage(connection, 'ReceivedGameNotice');
    hub.app.realtime.publish(groups.players(game), 'ReceivedGameNotice', {
      id: 1,
      type: 'Normal',
      values: ['still live'],
      time: Date.now(),
    });
    expect(await notice).toMatchObject({ values: ['still live'] });
    await connection.stop();
  });
});
