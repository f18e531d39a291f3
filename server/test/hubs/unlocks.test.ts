// Live unlocks on /hub/user (issue 25): a solve that may open challenges tells the solving team's
// members (ReceivedChallengeUnlock, to that team only), and a notice naming a challenge hidden
// from a team while it is locked (a blood on it) never reaches that team, nor its notice list.
import type { HubConnection } from '@microsoft/signalr';
import { expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import type { User } from '#server/db/repositories/users.js';
import { groups } from '#server/services/realtime.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { playingTeam, submitAndWait } from '../routes/game/support.js';
import { busListeners, hubClient, nextMessage, useHubApp, waitFor } from './support.js';

interface Notice {
  type: string;
  values: string[];
}

describeEachDatabase('unlocks on /hub/user', (getDb) => {
  const hub = useHubApp(getDb);
  const admin = hub.as('Admin');

  async function listen(gameId: number, user: User) {
    const { token } = await createSession(hub.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const connection = hubClient(`${hub.base}/hub/user?game=${gameId}`, { session: token });
    const seen: { target: string; value: unknown }[] = [];
    for (const target of ['ReceivedChallengeUnlock', 'ReceivedGameNotice']) {
      connection.on(target, (value: unknown) => seen.push({ target, value }));
    }
    await connection.start();
    return { connection, seen };
  }

  it('tells the solving team at once, and keeps a hidden challenge from the others', async () => {
    const game = await createGame(hub.app);
    const a = await createChallenge(hub.app, game.id, { title: 'Gate' });
    const b = await createChallenge(hub.app, game.id, { title: 'Behind the gate' });
    const x = await playingTeam(hub.app, game, { size: 2 });
    const y = await playingTeam(hub.app, game);
    // B needs A and stays hidden while locked.
    const rule = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/challenges/${b.id}`,
      payload: { prerequisites: [a.id] },
    });
    expect(rule.statusCode).toBe(200);

    const mate = await listen(game.id, x.members[1].user);
    const other = await listen(game.id, y.members[0].user);
    await waitFor(() => busListeners(hub.app.realtime, groups.players(game.id)) >= 1);

    const unlocked = nextMessage<{ gameId: number; participationId: number }>(
      mate.connection,
      'ReceivedChallengeUnlock',
    );
    expect(await submitAndWait(x.call, game.id, a.id, a.flags[0])).toBe('Accepted');
    expect(await unlocked).toEqual({ gameId: game.id, participationId: x.registration.id });

    const blood = nextMessage<Notice>(mate.connection, 'ReceivedGameNotice', (notice) =>
      notice.values.includes('Behind the gate'),
    );
    expect(await submitAndWait(x.call, game.id, b.id, b.flags[0])).toBe('Accepted');
    expect(await blood).toMatchObject({ type: 'FirstBlood' });

    // A last notice for everyone: whatever the other team was sent came before it.
    const last = nextMessage<Notice>(other.connection, 'ReceivedGameNotice', (notice) =>
      notice.values.includes('the end'),
    );
    const posted = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/notices`,
      payload: { content: 'the end' },
    });
    expect(posted.statusCode).toBe(200);
    await last;
    expect(other.seen.map((message) => message.target)).not.toContain('ReceivedChallengeUnlock');
    const toldOther = other.seen.flatMap((message) =>
      message.target === 'ReceivedGameNotice' ? (message.value as Notice).values : [],
    );
    expect(toldOther).toContain('Gate');
    expect(toldOther).not.toContain('Behind the gate');

    // The notice list agrees: the blood on B for X, not for Y.
    const list = async (call: typeof x.call) =>
      (
        (await call({ method: 'GET', url: `/api/game/${game.id}/notices` })).json() as Notice[]
      ).flatMap((notice) => notice.values);
    expect(await list(x.call)).toContain('Behind the gate');
    expect(await list(y.call)).not.toContain('Behind the gate');
    for (const { connection } of [mate, other]) await (connection as HubConnection).stop();
  });
});
