// Act 2: four teams of real accounts register: auto-accepted, reviewed after a rejection (then
// re-joined), and left pending.
import { expect, it } from 'vitest';
import { editGame, participationOf, review } from '../organiser.js';
import { createTeam, joinGame, registerPlayer, type ApiTeam } from '../players.js';
import { type Story } from './story.js';

export function teamsRegister(story: Story): void {
  it('registers four teams: auto-accepted, reviewed after a rejection, and pending', async () => {
    const { server, admin, gameId, challenge, player, team, view } = story;
    const statusOf = async (t: ApiTeam) => (await participationOf(admin, gameId, t.id)).status;
    for (const name of ['alice', 'amy', 'bob', 'carol', 'dave'] as const) {
      player[name] = await registerPlayer(server.app, name);
    }
    team.alpha = await createTeam(player.alice, 'Alpha', [player.amy]);
    team.bravo = await createTeam(player.bob, 'Bravo');
    team.charlie = await createTeam(player.carol, 'Charlie');
    team.delta = await createTeam(player.dave, 'Delta');

    // Accepted without review while the game allows it; every member registers on their own.
    expect((await joinGame(player.alice, gameId, team.alpha.id, 'Pro')).statusCode).toBe(200);
    expect((await joinGame(player.amy, gameId, team.alpha.id, 'Pro')).statusCode).toBe(200);
    expect((await joinGame(player.bob, gameId, team.bravo.id, 'Student')).statusCode).toBe(200);
    expect(await statusOf(team.alpha)).toBe('Accepted');
    expect(await statusOf(team.bravo)).toBe('Accepted');
    const invalid = await joinGame(player.dave, gameId, team.delta.id, 'Amateur');
    expect(invalid.statusCode).toBe(400);

    // From now on an organiser reviews every registration.
    await editGame(admin, gameId, { acceptWithoutReview: false });
    expect((await joinGame(player.carol, gameId, team.charlie.id, 'Pro')).statusCode).toBe(200);
    expect((await joinGame(player.dave, gameId, team.delta.id, 'Student')).statusCode).toBe(200);
    const charlie = await participationOf(admin, gameId, team.charlie.id);
    expect(charlie.status).toBe('Pending');
    await review(admin, charlie.id, 'Rejected');
    const refused = await view(player.carol, challenge.sanity.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      title: 'Your registration has been rejected or banned',
    });
    // The rejected team registers again and is accepted this time.
    expect((await joinGame(player.carol, gameId, team.charlie.id, 'Pro')).statusCode).toBe(200);
    expect(await statusOf(team.charlie)).toBe('Pending');
    await review(admin, charlie.id, 'Accepted');
    expect(await statusOf(team.charlie)).toBe('Accepted');
    expect(await statusOf(team.delta)).toBe('Pending');
  });
}
