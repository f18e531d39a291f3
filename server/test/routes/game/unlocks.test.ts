// Prerequisites and timed release (issue 25): what the organiser sets on a challenge, and how a
// locked challenge behaves for a team in the list, its details, its attachment, its container
// and submissions, until a solve, a score or the time opens it.
import { expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import type { Caller } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createMember,
  joinAndAccept,
  type BuiltChallenge,
} from '../../support/competition.js';
import { createTeam } from '#server/db/repositories/teams.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam, submitAndWait } from './support.js';

interface Details {
  challenges: Record<string, { id: number; title: string }[]>;
  challengeCount: number;
  locked: {
    id: number;
    prerequisites: { id: number; title: string; solved: boolean }[];
    hiddenPrerequisites: number;
    prerequisiteCount: number;
    solvedPrerequisites: number;
    unlockScore: number;
    releaseTime: number | null;
  }[];
}

describeEachDatabase('challenge prerequisites and timed release', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const edit = (game: Game, challengeId: number, body: Record<string, unknown>) =>
    admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/challenges/${challengeId}`,
      payload: body,
    });

  async function setRule(game: Game, challengeId: number, body: Record<string, unknown>) {
    const response = await edit(game, challengeId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  }

  const details = async (call: Caller, game: Game): Promise<Details> => {
    const response = await call({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Details;
  };
  const listed = (view: Details) =>
    Object.values(view.challenges)
      .flat()
      .map((challenge) => challenge.id)
      .sort((a, b) => a - b);

  const submissionsOf = async (challengeId: number) =>
    Number(
      (
        await server.app.db
          .selectFrom('submissions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('challenge_id', '=', challengeId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function chain() {
    const game = await createGame(server.app);
    const a = await createChallenge(server.app, game.id, { title: 'Warm-up' });
    const b = await createChallenge(server.app, game.id, { title: 'Second step' });
    const team = await playingTeam(server.app, game);
    return { game, a, b, team };
  }

  const get = (call: Caller, game: Game, c: BuiltChallenge) =>
    call({ method: 'GET', url: `/api/game/${game.id}/challenges/${c.id}` });
  const submit = (call: Caller, game: Game, c: BuiltChallenge, flag = c.flags[0]) =>
    call({ method: 'POST', url: `/api/game/${game.id}/challenges/${c.id}`, payload: { flag } });
  const startContainer = (call: Caller, game: Game, c: BuiltChallenge) =>
    call({ method: 'POST', url: `/api/game/${game.id}/container/${c.id}` });

  it('stores the settings, and a save without them (the reference client) keeps them', async () => {
    const { game, a, b } = await chain();
    const release = Date.now() + 3_600_000;
    const saved = await setRule(game, b.id, {
      prerequisites: [a.id],
      unlockScore: 300,
      releaseTime: new Date(release).toISOString(),
      showWhenLocked: true,
      releaseNotice: true,
    });
    expect(saved).toMatchObject({
      prerequisites: [a.id],
      prerequisiteCount: 0,
      unlockScore: 300,
      releaseTime: release,
      showWhenLocked: true,
      releaseNotice: true,
    });
    // What the reference client sends: the model it read, without the Vexil fields.
    const again = await setRule(game, b.id, { title: 'Second step, renamed', isEnabled: true });
    expect(again).toMatchObject({
      title: 'Second step, renamed',
      prerequisites: [a.id],
      unlockScore: 300,
    });
    const list = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/challenges` });
    const rows = list.json() as { id: number; unlock: unknown }[];
    expect(rows.find((row) => row.id === a.id)).not.toHaveProperty('unlock');
    expect(rows.find((row) => row.id === b.id)?.unlock).toMatchObject({ prerequisites: [a.id] });
    // null clears the release time; an empty list and 0 clear the others
    const cleared = await setRule(game, b.id, {
      releaseTime: null,
      prerequisites: [],
      unlockScore: 0,
    });
    expect(cleared).toMatchObject({ prerequisites: [], unlockScore: 0, releaseTime: null });
  });

  it('refuses cycles, self-reference, other games, unknown ids and N above the list, naming them', async () => {
    const { game, a, b } = await chain();
    const c = await createChallenge(server.app, game.id, { title: 'Third' });
    const other = await createGame(server.app);
    const foreign = await createChallenge(server.app, other.id, { title: 'Elsewhere' });

    const refused = async (id: number, body: Record<string, unknown>) => {
      const response = await edit(game, id, body);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { title: string }).title;
    };
    expect(await refused(a.id, { prerequisites: [a.id] })).toBe(
      'A challenge cannot require itself: "Warm-up"',
    );
    await setRule(game, b.id, { prerequisites: [a.id] });
    expect(await refused(a.id, { prerequisites: [b.id] })).toBe(
      'Prerequisites would make a cycle: "Warm-up" → "Second step" → "Warm-up"',
    );
    await setRule(game, c.id, { prerequisites: [b.id] });
    expect(await refused(a.id, { prerequisites: [c.id] })).toBe(
      'Prerequisites would make a cycle: "Warm-up" → "Third" → "Second step" → "Warm-up"',
    );
    expect(await refused(a.id, { prerequisites: [foreign.id, 999999] })).toBe(
      `Prerequisites must be challenges of this game: ${foreign.id} "Elsewhere" (another game), 999999 (unknown)`,
    );
    expect(await refused(c.id, { prerequisites: [a.id, b.id], prerequisiteCount: 3 })).toBe(
      'The prerequisite count (3) is more than the 2 prerequisites',
    );
    // nothing of a refused update was stored, the rest of it included
    const stored = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${a.id}`,
    });
    expect(stored.json()).toMatchObject({ title: 'Warm-up', prerequisites: [] });
    const titled = await edit(game, a.id, { title: 'Renamed', prerequisites: [b.id] });
    expect(titled.statusCode).toBe(400);
    const after = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${a.id}`,
    });
    expect(after.json()).toMatchObject({ title: 'Warm-up' });
  });

  it('hides a locked challenge everywhere until its prerequisite is solved', async () => {
    const { game, a, b, team } = await chain();
    await setRule(game, b.id, { prerequisites: [a.id] });

    const before = await details(team.call, game);
    expect(listed(before)).toEqual([a.id]);
    expect(before.challengeCount).toBe(1);
    expect(before.locked).toEqual([]);
    expect((await get(team.call, game, b)).statusCode).toBe(404);
    expect((await submit(team.call, game, b)).statusCode).toBe(404);
    expect((await startContainer(team.call, game, b)).statusCode).toBe(404);
    expect(await submissionsOf(b.id)).toBe(0);

    expect(await submitAndWait(team.call, game.id, a.id, a.flags[0])).toBe('Accepted');
    await server.app.scoreboards.settle(game.id);
    expect(listed(await details(team.call, game))).toEqual([a.id, b.id]);
    expect((await get(team.call, game, b)).statusCode).toBe(200);
    expect(await submitAndWait(team.call, game.id, b.id, b.flags[0])).toBe('Accepted');
  });

  it('shows a locked challenge with what opens it, and refuses it with 400', async () => {
    const { game, a, b, team } = await chain();
    await setRule(game, b.id, { prerequisites: [a.id], showWhenLocked: true });

    const view = await details(team.call, game);
    expect(listed(view)).toEqual([a.id, b.id]);
    expect(view.locked).toEqual([
      {
        id: b.id,
        prerequisites: [{ id: a.id, title: 'Warm-up', solved: false }],
        hiddenPrerequisites: 0,
        prerequisiteCount: 1,
        solvedPrerequisites: 0,
        unlockScore: 0,
        releaseTime: null,
      },
    ]);
    for (const response of [
      await get(team.call, game, b),
      await submit(team.call, game, b),
      await startContainer(team.call, game, b),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ title: 'The challenge is locked' });
    }
    expect(await submissionsOf(b.id)).toBe(0);
  });

  it('opens on any N of the list', async () => {
    const { game, a, b, team } = await chain();
    const c = await createChallenge(server.app, game.id, { title: 'Either' });
    await setRule(game, c.id, {
      prerequisites: [a.id, b.id],
      prerequisiteCount: 1,
      showWhenLocked: true,
    });
    expect((await details(team.call, game)).locked.map((lock) => lock.id)).toEqual([c.id]);
    expect(await submitAndWait(team.call, game.id, b.id, b.flags[0])).toBe('Accepted');
    const view = await details(team.call, game);
    expect(view.locked).toEqual([]);
    expect((await get(team.call, game, c)).statusCode).toBe(200);
  });

  it('opens once the team reached the score', async () => {
    const { game, a, b, team } = await chain();
    await setRule(game, b.id, { unlockScore: 900, showWhenLocked: true });
    expect((await details(team.call, game)).locked).toMatchObject([{ id: b.id, unlockScore: 900 }]);
    expect((await submit(team.call, game, b)).statusCode).toBe(400);
    expect(await submitAndWait(team.call, game.id, a.id, a.flags[0])).toBe('Accepted');
    await server.app.scoreboards.settle(game.id);
    expect((await details(team.call, game)).locked).toEqual([]);
    expect(await submitAndWait(team.call, game.id, b.id, b.flags[0])).toBe('Accepted');
  });

  it('opens at the release time for every team, and posts its notice once', async () => {
    const { game, b, team } = await chain();
    const other = await playingTeam(server.app, game);
    const release = Date.now() + 1_500;
    await setRule(game, b.id, { releaseTime: release, releaseNotice: true });
    expect(listed(await details(team.call, game))).not.toContain(b.id);
    expect((await submit(other.call, game, b)).statusCode).toBe(404);
    // Hidden until its time, it is not on the public board either; the release rebuilds it.
    const onBoard = async () => {
      await server.app.scoreboards.settle(game.id);
      const board = await other.call({ method: 'GET', url: `/api/game/${game.id}/scoreboard` });
      return Object.values(board.json().challenges as Record<string, { id: number }[]>)
        .flat()
        .map((challenge) => challenge.id);
    };
    expect(await onBoard()).not.toContain(b.id);
    await server.app.unlocks.runReleases(release - 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, release - Date.now() + 10)));
    // Open at once; listed once the release job has rebuilt the board (within a second or so).
    expect((await get(other.call, game, b)).statusCode).toBe(200);
    for (const call of [team.call, other.call]) {
      await expect.poll(async () => listed(await details(call, game))).toContain(b.id);
    }
    const newChallenges = async () => {
      const notices = await team.call({ method: 'GET', url: `/api/game/${game.id}/notices` });
      return (notices.json() as { type: string; values: string[] }[]).filter(
        (notice) => notice.type === 'NewChallenge',
      );
    };
    // The job runs every second by itself; asked again, it posts nothing more.
    await expect.poll(newChallenges, { timeout: 10_000 }).toHaveLength(1);
    await expect.poll(onBoard, { timeout: 10_000 }).toContain(b.id);
    await server.app.unlocks.runReleases();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await server.app.unlocks.runReleases();
    const news = await newChallenges();
    expect(news).toEqual([expect.objectContaining({ values: ['Second step'] })]);
  });

  it('drops the prerequisite with the challenge it names', async () => {
    const { game, a, b, team } = await chain();
    await setRule(game, b.id, { prerequisites: [a.id] });
    const removed = await admin({
      method: 'DELETE',
      url: `/api/edit/games/${game.id}/challenges/${a.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const stored = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${b.id}`,
    });
    expect(stored.json()).toMatchObject({ prerequisites: [] });
    await server.app.scoreboards.settle(game.id);
    expect(listed(await details(team.call, game))).toEqual([b.id]);
  });

  it('lets Monitors and Admins see and play a locked challenge (their preview)', async () => {
    const { game, a, b } = await chain();
    await setRule(game, b.id, { prerequisites: [a.id] });
    const monitor = await createMember(server.app, { role: 'Monitor' });
    const team = await createTeam(server.app.db, { name: 'Staff', captainId: monitor.user.id });
    await joinAndAccept(server.app, game, { team, members: [monitor] });
    expect(listed(await details(monitor.call, game))).toEqual([a.id, b.id]);
    expect((await get(monitor.call, game, b)).statusCode).toBe(200);
  });

  it('announces a challenge enabled while hidden from every team only at its release', async () => {
    const { game, team } = await chain();
    const later = await createChallenge(server.app, game.id, { title: 'Later', isEnabled: false });
    await setRule(game, later.id, { releaseTime: Date.now() + 3_600_000 });
    await setRule(game, later.id, { isEnabled: true });
    const shown = await createChallenge(server.app, game.id, { title: 'Shown', isEnabled: false });
    await setRule(game, shown.id, { prerequisites: [later.id], showWhenLocked: true });
    await setRule(game, shown.id, { isEnabled: true });
    const notices = await admin({ method: 'GET', url: `/api/game/${game.id}/notices` });
    const titles = (notices.json() as { type: string; values: string[] }[])
      .filter((notice) => notice.type === 'NewChallenge')
      .map((notice) => notice.values[0]);
    expect(titles).toEqual(['Shown']);
    expect(listed(await details(team.call, game))).not.toContain(later.id);
  });
});
