import { expect, it } from 'vitest';
import { createAttachment } from '#server/db/repositories/attachments.js';
import { updateChallenge } from '#server/db/repositories/challenges.js';
import { insertFlags } from '#server/db/repositories/flags.js';
import { verify } from '#server/domain/teamToken.js';
import { type Caller } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam, submitAndWait } from './support.js';

describeEachDatabase('the team view of challenges and of the game', (getDb) => {
  const server = useTestApp(getDb);

  const view = (call: Caller, gameId: number, challengeId: number) =>
    call({ method: 'GET', url: `/api/game/${gameId}/challenges/${challengeId}` }).then((r) => {
      return r;
    });
  const localAttachment = async (content: string, name: string) => {
    const stored = await server.app.files.store(Buffer.from(content), name);
    return {
      id: await createAttachment(server.app.db, { type: 'Local', fileHash: stored.hash }),
      stored,
    };
  };

  it('shows a static challenge with its shared attachment, hints and current score', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      hints: ['look closer'],
      content: 'Find it',
      category: 'Web',
      originalScore: 500,
    });
    const { id: attachmentId, stored } = await localAttachment('shared file', 'notes.txt');
    await updateChallenge(server.app.db, challenge.id, { attachmentId });
    const team = await playingTeam(server.app, game);
    const response = await view(team.call, game.id, challenge.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: challenge.id,
      title: challenge.title,
      content: 'Find it',
      category: 'Web',
      hints: ['look closer'],
      score: 500,
      type: 'StaticAttachment',
      context: {
        closeTime: null,
        instanceEntry: null,
        url: `/assets/${stored.hash}/notes.txt`,
        fileSize: 11,
        containerStart: null,
        attempts: null,
      },
      // Vexil addition (issue 25): no priced hints, the default policy.
      pricedHints: [],
      hintPolicy: 'AtUnlock',
    });
  });

  it('reserves a distinct dynamic attachment per team until the pool runs out', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      fileName: 'task.bin',
      flags: [],
    });
    const one = await localAttachment('pool one', 'one.bin');
    const two = await localAttachment('pool two', 'two.bin');
    await insertFlags(server.app.db, challenge.id, [
      { flag: 'flag{pool_one}', attachmentId: one.id },
      { flag: 'flag{pool_two}', attachmentId: two.id },
    ]);
    const teams = [await playingTeam(server.app, game), await playingTeam(server.app, game)];
    const urls = [];
    for (const team of teams) {
      const response = await view(team.call, game.id, challenge.id);
      expect(response.statusCode).toBe(200);
      urls.push(response.json().context.url);
      // A second view keeps the reservation.
      expect((await view(team.call, game.id, challenge.id)).json().context.url).toBe(urls.at(-1));
    }
    expect(new Set(urls)).toEqual(
      new Set([`/assets/${one.stored.hash}/task.bin`, `/assets/${two.stored.hash}/task.bin`]),
    );
    const occupied = await server.app.db
      .selectFrom('flags')
      .select('occupied')
      .where('challenge_id', '=', challenge.id)
      .execute();
    expect(occupied.map((f) => f.occupied)).toEqual([1, 1]);

    const third = await playingTeam(server.app, game);
    const refused = await view(third.call, game.id, challenge.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().title).toBe(
      'Challenge not found or dynamic attachment allocation failed',
    );

    // Each team's own flag is the one of its file; the other one is cheating.
    const own =
      urls[0] === `/assets/${one.stored.hash}/task.bin` ? 'flag{pool_one}' : 'flag{pool_two}';
    const theirs = own === 'flag{pool_one}' ? 'flag{pool_two}' : 'flag{pool_one}';
    expect(await submitAndWait(teams[0].call, game.id, challenge.id, theirs)).toBe('WrongAnswer');
    expect(await submitAndWait(teams[0].call, game.id, challenge.id, own)).toBe('Accepted');
    const cheats = await server.app.db
      .selectFrom('cheat_infos')
      .selectAll()
      .where('game_id', '=', game.id)
      .execute();
    expect(cheats).toHaveLength(1);
  });

  it('names a per-team file as it was uploaded unless the organiser named the download', async () => {
    const game = await createGame(server.app);
    // left at the default name ("attachment")
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
    });
    const file = await localAttachment('per team', 'crackme team 1.zip');
    await insertFlags(server.app.db, challenge.id, [
      { flag: 'flag{per_team}', attachmentId: file.id },
    ]);
    const team = await playingTeam(server.app, game);
    const url: string = (await view(team.call, game.id, challenge.id)).json().context.url;
    expect(url).toBe(`/assets/${file.stored.hash}/crackme team 1.zip`);
    const download = await team.call({ method: 'GET', url: encodeURI(url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('crackme team 1.zip');
    expect(download.headers['content-disposition']).not.toContain('attachment.zip');
  });

  it('shows the team token and a rank row in the game view', async () => {
    const game = await createGame(server.app, { writeupRequired: true });
    const challenge = await createChallenge(server.app, game.id, { category: 'Crypto' });
    const solver = await playingTeam(server.app, game);
    const idle = await playingTeam(server.app, game);
    expect(await submitAndWait(solver.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    await server.app.scoreboards.settle(game.id);

    const details = await solver.call({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(details.statusCode).toBe(200);
    const body = details.json();
    expect(verify(game.publicKey, body.teamToken)).toBe(true);
    expect(body.teamToken.startsWith(`${solver.team.id}:`)).toBe(true);
    expect(body).toMatchObject({
      challengeCount: 1,
      writeupRequired: true,
      writeupDeadline: game.writeupDeadline,
      rank: { id: solver.team.id, name: solver.team.name, rank: 1, solvedCount: 1 },
    });
    expect(body.challenges.Crypto.map((c: { id: number }) => c.id)).toEqual([challenge.id]);

    const idleView = await idle.call({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(idleView.json().rank).toMatchObject({ id: idle.team.id, rank: 2, score: 0 });
  });

  it('answers a stand-in rank for a team that is not on the board', async () => {
    const game = await createGame(server.app);
    await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    await server.app.scoreboards.get(game.id);
    // Accepted after the board was computed (no rebuild asked for).
    const late = await playingTeam(server.app, game);
    const details = await late.call({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(details.json().rank).toEqual({
      id: late.team.id,
      name: late.team.name,
      bio: '',
      division: null,
      avatar: null,
      score: 0,
      rank: 0,
      divisionRank: null,
      lastSubmissionTime: -62135596800000,
      solvedChallenges: [],
      solvedCount: 0,
    });
    expect(team).toBeDefined();
  });
});
