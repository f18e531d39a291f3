import { expect, it, vi } from 'vitest';
import { findParticipationById } from '#server/db/repositories/participations.js';
import { findTeamById } from '#server/db/repositories/teams.js';
import { signIn } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam } from '../game/support.js';

describeEachDatabase('participation review', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const review = async (id: number, payload: Record<string, unknown>, call = admin) => {
    const response = await call({ method: 'PUT', url: `/api/admin/participation/${id}`, payload });
    return response;
  };

  it('accepts: locks the team, creates instances and rebuilds the board', async () => {
    const game = await createGame(server.app, { divisions: ['Pro', 'Student'] });
    const [one, two] = [
      await createChallenge(server.app, game.id),
      await createChallenge(server.app, game.id),
    ];
    await createChallenge(server.app, game.id, { isEnabled: false });
    const team = await playingTeam(server.app, game, { status: 'Pending', division: 'Pro' });
    const invalidate = vi.spyOn(server.app.scoreboards, 'invalidate');

    const response = await review(team.registration.id, {
      status: 'Accepted',
      division: 'Student',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(await findParticipationById(server.app.db, team.registration.id)).toMatchObject({
      status: 'Accepted',
      division: 'Student',
    });
    expect((await findTeamById(server.app.db, team.team.id))?.locked).toBe(true);
    const instances = await server.app.db
      .selectFrom('game_instances')
      .select('challenge_id')
      .where('participation_id', '=', team.registration.id)
      .orderBy('challenge_id')
      .execute();
    expect(instances.map((i) => i.challenge_id)).toEqual([one.id, two.id]);
    expect(invalidate).toHaveBeenCalledWith(game.id);
    invalidate.mockRestore();
  });

  it('ignores an invalid division and allows any transition', async () => {
    const game = await createGame(server.app, { divisions: ['Pro'] });
    const team = await playingTeam(server.app, game, { division: 'Pro' });
    expect((await review(team.registration.id, { division: 'Nope' })).statusCode).toBe(200);
    expect((await review(team.registration.id, { division: null })).statusCode).toBe(200);
    expect(await findParticipationById(server.app.db, team.registration.id)).toMatchObject({
      status: 'Accepted',
      division: 'Pro',
    });
    for (const status of ['Suspended', 'Rejected', 'Pending', 'Accepted']) {
      expect((await review(team.registration.id, { status })).statusCode).toBe(200);
      expect((await findParticipationById(server.app.db, team.registration.id))?.status).toBe(
        status,
      );
    }
    expect((await review(team.registration.id, { status: 'Unsubmitted' })).statusCode).toBe(400);
  });

  it('answers 404 for a missing participation and 403 for non-admins', async () => {
    const missing = await review(999999, { status: 'Accepted' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(404);
    const game = await createGame(server.app);
    const team = await playingTeam(server.app, game, { status: 'Pending' });
    const monitor = await signIn(server.app, 'Monitor');
    expect((await review(team.registration.id, { status: 'Accepted' }, monitor)).statusCode).toBe(
      403,
    );
  });
});
