// ReceivedRegistrationChange on /hub/admin (a Vexil addition): joins, reviews and leaves, each as
// the registration's status before and after.
import { expect, it } from 'vitest';
import { findParticipationOfTeam } from '#server/db/repositories/participations.js';
import { groups } from '#server/services/realtime.js';
import { createGame, createTeamWithMembers } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { busListeners, hubClient, nextMessage, sessionFor, useHubApp, waitFor } from './support.js';

describeEachDatabase('/hub/admin registration changes', (getDb) => {
  const hub = useHubApp(getDb);
  const admin = hub.as('Admin');

  it('pushes a join, a review and a leave with the status before and after', async () => {
    const session = await sessionFor(hub.app, 'Admin');
    const connection = hubClient(`${hub.base}/hub/admin`, { session });
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.admins) === 1);
    const game = await createGame(hub.app, { acceptWithoutReview: false });
    const { team, members } = await createTeamWithMembers(hub.app);
    const captain = members[0].call;
    const change = () =>
      nextMessage(connection, 'ReceivedRegistrationChange', (m) => m.gameId === game.id);

    const joined = change();
    const join = await captain({
      method: 'POST',
      url: `/api/game/${game.id}`,
      payload: { teamId: team.id },
    });
    expect(join.statusCode).toBe(200);
    expect(await joined).toEqual({
      gameId: game.id,
      teamId: team.id,
      status: 'Pending',
      previous: null,
    });

    const registration = await findParticipationOfTeam(hub.app.db, game.id, team.id);
    const rejected = change();
    const review = await admin({
      method: 'PUT',
      url: `/api/admin/participation/${registration!.id}`,
      payload: { status: 'Rejected' },
    });
    expect(review.statusCode).toBe(200);
    expect(await rejected).toMatchObject({ status: 'Rejected', previous: 'Pending' });

    const left = change();
    expect((await captain({ method: 'DELETE', url: `/api/game/${game.id}` })).statusCode).toBe(200);
    expect(await left).toEqual({
      gameId: game.id,
      teamId: team.id,
      status: null,
      previous: 'Rejected',
    });
    await connection.stop();
  });
});
