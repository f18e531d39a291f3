import { expect, it } from 'vitest';
import type { HubMessage } from '#server/services/realtime.js';
import { groups } from '#server/services/realtime.js';
import {
  addFlags,
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('/api/edit/games/{id}/challenges', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const base = (gameId: number) => `/api/edit/games/${gameId}/challenges`;
  const add = async (gameId: number, body: Record<string, unknown>) => {
    const response = await admin({ method: 'POST', url: base(gameId), payload: body });
    return response;
  };
  const update = async (gameId: number, id: number, body: Record<string, unknown>) => {
    const response = await admin({ method: 'PUT', url: `${base(gameId)}/${id}`, payload: body });
    return response;
  };
  const listen = (gameId: number) => {
    const messages: HubMessage[] = [];
    const stop = server.app.realtime.subscribe(groups.players(gameId), (m) => messages.push(m));
    return { messages, stop };
  };
  const notices = (gameId: number) =>
    server.app.db
      .selectFrom('game_notices')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();

  it('creates a disabled challenge with the defaults', async () => {
    const game = await createGame(server.app);
    const response = await add(game.id, {
      title: 'Warm-up',
      category: 'Web',
      type: 'DynamicContainer',
      score: 9,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Warm-up',
      category: 'Web',
      type: 'DynamicContainer',
      isEnabled: false,
      content: '',
      hints: [],
      flagTemplate: null,
      acceptedCount: 0,
      fileName: 'attachment',
      attachment: null,
      testContainer: null,
      flags: [],
      containerImage: '',
      memoryLimit: 64,
      cpuCount: 1,
      storageLimit: 256,
      containerExposePort: 80,
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
    });
    const defaults = await add(game.id, { title: 'Plain' });
    expect(defaults.json()).toMatchObject({ category: 'Misc', type: 'StaticAttachment' });
    expect((await add(game.id, { title: ' ' })).statusCode).toBe(400);
    expect((await add(999999, { title: 'x' })).statusCode).toBe(404);
  });

  it('lists challenges by id with current and minimum scores and solves; unknown game is empty', async () => {
    const game = await createGame(server.app);
    const a = await createChallenge(server.app, game.id, { originalScore: 1000 });
    await server.app.db
      .updateTable('challenges')
      .set({ accepted_count: 3 })
      .where('id', '=', a.id)
      .execute();
    const b = await createChallenge(server.app, game.id, {
      isEnabled: false,
      originalScore: 500,
      minScoreRate: 0.5,
    });
    const response = await admin({ method: 'GET', url: base(game.id) });
    expect(response.json()).toEqual([
      {
        id: a.id,
        title: a.title,
        category: 'Misc',
        type: 'StaticAttachment',
        isEnabled: true,
        score: 752,
        minScore: 250,
        originalScore: 1000,
        acceptedCount: 3,
      },
      {
        id: b.id,
        title: b.title,
        category: 'Misc',
        type: 'StaticAttachment',
        isEnabled: false,
        score: 500,
        minScore: 250,
        originalScore: 500,
        acceptedCount: 0,
      },
    ]);
    const none = await admin({ method: 'GET', url: base(999999) });
    expect(none.json()).toEqual([]);
  });

  it('reads one challenge with its flags, 404 in another game', async () => {
    const game = await createGame(server.app);
    const other = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: ['flag{a}', 'flag{b}'] });
    const response = await admin({ method: 'GET', url: `${base(game.id)}/${challenge.id}` });
    expect(response.json().flags.map((f: { flag: string }) => f.flag)).toEqual([
      'flag{a}',
      'flag{b}',
    ]);
    const elsewhere = await admin({ method: 'GET', url: `${base(other.id)}/${challenge.id}` });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('applies a partial update and normalises template, image and capture', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'StaticContainer',
      isEnabled: false,
    });
    const response = await update(game.id, challenge.id, {
      content: 'new text',
      containerImage: '  nginx:latest  ',
      enableTrafficCapture: true,
      memoryLimit: 128,
      title: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: challenge.title,
      content: 'new text',
      containerImage: 'nginx:latest',
      enableTrafficCapture: true,
      memoryLimit: 128,
      flags: [{ flag: challenge.flags[0], attachment: null }],
    });
    const cleared = await update(game.id, challenge.id, { flagTemplate: '   ' });
    expect(cleared.json().flagTemplate).toBeNull();
  });

  it('enforces the rules of E20 in order', async () => {
    const game = await createGame(server.app);
    const bare = await createChallenge(server.app, game.id, { isEnabled: false, flags: [] });
    const noFlag = await update(game.id, bare.id, { isEnabled: true, enableTrafficCapture: true });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().title).toBe('The challenge has no flag and cannot be enabled');
    const capture = await update(game.id, bare.id, { enableTrafficCapture: true });
    expect(capture.json().title).toBe('Enable traffic capture only for challenge with containers');

    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      isEnabled: false,
      containerImage: 'vexil/dynamic:1',
    });
    const trivial = await update(game.id, dynamic.id, { flagTemplate: 'flag{hello world}' });
    expect(trivial.statusCode).toBe(400);
    expect(trivial.json().title).toMatch(/^Flag is not sufficiently complicated/);
    for (const flagTemplate of [
      'flag{[TEAM_HASH]}',
      'flag{[GUID]}',
      'flag{this_is_a_dynamic_flag_for_you}',
    ]) {
      expect((await update(game.id, dynamic.id, { flagTemplate })).statusCode).toBe(200);
    }
    // A DynamicContainer challenge needs no flag to be enabled.
    expect((await update(game.id, dynamic.id, { isEnabled: true })).json().isEnabled).toBe(true);
    expect((await update(game.id, dynamic.id, { flagTemplate: 'x'.repeat(121) })).statusCode).toBe(
      400,
    );
    expect((await update(game.id, 999999, { content: 'x' })).statusCode).toBe(404);
  });

  it('refuses to enable a container challenge without an image, or to remove an enabled one’s image', async () => {
    const game = await createGame(server.app);
    for (const type of ['StaticContainer', 'DynamicContainer'] as const) {
      const box = await createChallenge(server.app, game.id, { type, isEnabled: false });
      for (const body of [
        { isEnabled: true },
        { isEnabled: true, containerImage: '   ' },
        { isEnabled: true, memoryLimit: 128 },
      ]) {
        const refused = await update(game.id, box.id, body);
        expect(refused.statusCode, `${type} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.json()).toMatchObject({
          title: 'The challenge has no container image and cannot be enabled',
          status: 400,
        });
      }
      const stored = await admin({ method: 'GET', url: `${base(game.id)}/${box.id}` });
      expect(stored.json()).toMatchObject({ isEnabled: false, memoryLimit: 64 });

      // An image set in the same request is enough, and then it stays.
      const enabled = await update(game.id, box.id, {
        isEnabled: true,
        containerImage: ' vexil/box:1 ',
      });
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json()).toMatchObject({ isEnabled: true, containerImage: 'vexil/box:1' });
      const removed = await update(game.id, box.id, { containerImage: '' });
      expect(removed.statusCode).toBe(400);
      expect(removed.json().title).toBe(
        'The container image of an enabled challenge cannot be removed',
      );
      // Disabling and clearing together is fine; so is editing a disabled one without image.
      const cleared = await update(game.id, box.id, { isEnabled: false, containerImage: '' });
      expect(cleared.json()).toMatchObject({ isEnabled: false, containerImage: '' });
      expect((await update(game.id, box.id, { content: 'later' })).statusCode).toBe(200);
    }
    // A static container without flag and image hears about the flag first.
    const bare = await createChallenge(server.app, game.id, {
      type: 'StaticContainer',
      isEnabled: false,
      flags: [],
    });
    expect((await update(game.id, bare.id, { isEnabled: true })).json().title).toBe(
      'The challenge has no flag and cannot be enabled',
    );
  });

  it('gives every registration an instance on enabling and announces the transition only', async () => {
    const game = await createGame(server.app);
    const accepted = await joinAndAccept(server.app, game, await createTeamWithMembers(server.app));
    const pending = await joinAndAccept(server.app, game, await createTeamWithMembers(server.app), {
      status: 'Pending',
    });
    const challenge = await createChallenge(server.app, game.id, { isEnabled: false });
    const { messages, stop } = listen(game.id);

    expect((await update(game.id, challenge.id, { isEnabled: true })).statusCode).toBe(200);
    const instances = await server.app.db
      .selectFrom('game_instances')
      .select('participation_id')
      .where('challenge_id', '=', challenge.id)
      .orderBy('participation_id')
      .execute();
    expect(instances.map((i) => i.participation_id)).toEqual([accepted.id, pending.id]);

    await update(game.id, challenge.id, { isEnabled: true });
    stop();
    const stored = await notices(game.id);
    expect(stored.map((n) => [n.type, JSON.parse(n.values)])).toEqual([
      ['NewChallenge', [challenge.title]],
    ]);
    expect(messages).toEqual([
      {
        target: 'ReceivedGameNotice',
        payload: {
          id: stored[0].id,
          type: 'NewChallenge',
          values: [challenge.title],
          time: Number(stored[0].time),
        },
      },
    ]);
  });

  it('announces changed hints (as a set) of an enabled challenge of a running game', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { hints: ['a', 'b'] });
    await update(game.id, challenge.id, { hints: ['a', 'b'] });
    await update(game.id, challenge.id, { hints: ['b', 'a', 'a'] });
    expect(await notices(game.id)).toEqual([]);
    await update(game.id, challenge.id, { hints: ['a', 'c'] });
    expect((await notices(game.id)).map((n) => n.type)).toEqual(['NewHint']);

    const disabled = await createChallenge(server.app, game.id, { isEnabled: false });
    await update(game.id, disabled.id, { hints: ['x'] });
    expect(await notices(game.id)).toHaveLength(1);

    const future = await createGame(server.app, {
      start: Date.now() + 3_600_000,
      end: Date.now() + 7_200_000,
    });
    const later = await createChallenge(server.app, future.id, { isEnabled: false });
    await update(future.id, later.id, { isEnabled: true, hints: ['y'] });
    expect(await notices(future.id)).toEqual([]);
  });

  it('deletes a challenge', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const response = await admin({ method: 'DELETE', url: `${base(game.id)}/${challenge.id}` });
    expect(response.statusCode).toBe(200);
    const again = await admin({ method: 'DELETE', url: `${base(game.id)}/${challenge.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('recounts solves of accepted teams, zeroing challenges without any', async () => {
    const game = await createGame(server.app);
    const solved = await createChallenge(server.app, game.id);
    const unsolved = await createChallenge(server.app, game.id);
    const teams = [];
    for (const status of ['Accepted', 'Accepted', 'Suspended']) {
      teams.push(
        await joinAndAccept(server.app, game, await createTeamWithMembers(server.app), { status }),
      );
    }
    await server.app.db
      .insertInto('game_instances')
      .values(
        teams.map((t) => ({
          participation_id: t.id,
          challenge_id: solved.id,
          is_solved: 1 as const,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['participation_id', 'challenge_id']).doUpdateSet({ is_solved: 1 }),
      )
      .execute();
    await server.app.db
      .updateTable('challenges')
      .set({ accepted_count: 7 })
      .where('game_id', '=', game.id)
      .execute();
    await addFlags(server.app, unsolved.id, []);

    const response = await admin({ method: 'POST', url: `${base(game.id)}/updateaccepted` });
    expect(response.statusCode).toBe(200);
    const counts = await server.app.db
      .selectFrom('challenges')
      .select(['id', 'accepted_count'])
      .where('game_id', '=', game.id)
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: solved.id, accepted_count: 2 },
      { id: unsolved.id, accepted_count: 0 },
    ]);
    expect(
      (await admin({ method: 'POST', url: `${base(999999)}/updateaccepted` })).statusCode,
    ).toBe(404);
  });
});
