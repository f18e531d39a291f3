// Hints with a price (issue 25): organisers add priced hints; a team unlocks one once (however
// many members press at once), the whole team reads it, and the price is paid at unlock or on
// the team's later solve per the game's policy (score, rank and time line follow); after the end
// hints are free; monitors list who unlocked what; roles are checked; the reference client's
// challenge save leaves priced hints alone.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { submitAndWait } from '../game/support.js';
import {
  addHint,
  boardOf,
  detailOf,
  hintGame,
  scoreOf,
  unlock,
  type UnlockResult,
} from './support.js';

type HintUnlockModel = components['schemas']['HintUnlockModel'];

describeEachDatabase('priced hints', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');
  const user = server.as('User');

  it('edits a challenge priced hints as Admin only, refusing blank ones', async () => {
    const { game, challenge } = await hintGame(server.app);
    const base = `/api/edit/games/${game.id}/challenges/${challenge.id}/hints`;
    const first = await addHint(admin, game.id, challenge.id, {
      content: 'Look at the header',
      cost: 100,
    });
    const second = await addHint(admin, game.id, challenge.id, { content: 'Free nudge' });
    expect(second.cost).toBe(0);
    const blank = await admin({ method: 'POST', url: base, payload: { content: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ status: 400 });
    const negative = await admin({
      method: 'POST',
      url: base,
      payload: { content: 'x', cost: -5 },
    });
    expect(negative.statusCode).toBe(400);
    for (const call of [monitor, user]) {
      expect(
        (await call({ method: 'POST', url: base, payload: { content: 'x' } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'GET', url: base })).statusCode).toBe(403);
    }
    const changed = await admin({
      method: 'PUT',
      url: `${base}/${first.id}`,
      payload: { cost: 50 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ id: first.id, content: 'Look at the header', cost: 50 });
    const listed = await admin({ method: 'GET', url: base });
    expect(listed.json()).toEqual([
      { id: first.id, content: 'Look at the header', cost: 50 },
      { id: second.id, content: 'Free nudge', cost: 0 },
    ]);
    expect((await admin({ method: 'DELETE', url: `${base}/${second.id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `${base}/${second.id}` })).statusCode).toBe(404);
    expect(
      (await admin({ method: 'PUT', url: `${base}/999999`, payload: { cost: 1 } })).statusCode,
    ).toBe(404);
  });

  it('keeps priced hints when the reference client saves the challenge, and its free hints as they were', async () => {
    const { game, challenge, team } = await hintGame(server.app);
    await addHint(admin, game.id, challenge.id, { content: 'Priced', cost: 10 });
    const saved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
      payload: { title: 'Renamed', content: 'Body', hints: ['Free one'], isEnabled: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}/hints`,
    });
    expect(listed.json()).toEqual([expect.objectContaining({ content: 'Priced', cost: 10 })]);
    const detail = await detailOf(team.members[0].call, game.id, challenge.id);
    expect(detail.hints).toEqual(['Free one']);
    expect(detail.pricedHints).toEqual([
      expect.objectContaining({ cost: 10, unlocked: false, content: null }),
    ]);
  });

  it('at unlock: the team pays once, its score may go negative, the time line steps; the teammate reads it', async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Try base64', cost: 100 });
    const [captain, mate] = team.members;
    const before = await detailOf(mate.call, game.id, challenge.id);
    expect(before.hintPolicy).toBe('AtUnlock');
    expect(before.pricedHints).toEqual([
      { id: hint.id, cost: 100, unlocked: false, content: null },
    ]);

    const first = await unlock(captain.call, game.id, challenge.id, hint.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      hint: { id: hint.id, cost: 100, unlocked: true, content: 'Try base64' },
      recorded: true,
    } satisfies UnlockResult);
    const again = await unlock(mate.call, game.id, challenge.id, hint.id);
    expect((again.json() as UnlockResult).recorded).toBe(false);

    const seen = await detailOf(mate.call, game.id, challenge.id);
    expect(seen.pricedHints).toEqual([
      { id: hint.id, cost: 100, unlocked: true, content: 'Try base64' },
    ]);
    const board = await boardOf(server.app, server.anonymous, game.id);
    const row = board.items.find((item) => item.id === team.team.id)!;
    expect(row.score).toBe(-100);
    const [unlocked] = (await (
      await monitor({ method: 'GET', url: `/api/game/${game.id}/hintunlocks` })
    ).json()) as HintUnlockModel[];
    expect(row.lastSubmissionTime).toBe(unlocked.time);
    expect(board.timeLines.all.find((l) => l.id === team.team.id)?.items).toEqual([
      { time: unlocked.time, score: -100 },
    ]);

    // Solving adds the challenge's points on top of the price paid.
    expect(await submitAndWait(captain.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(900);
  });

  it('charges once when twenty members press at once', async () => {
    const { game, challenge, team } = await hintGame(server.app, {}, 5);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Once', cost: 70 });
    const presses = Array.from({ length: 20 }, (_, i) =>
      unlock(team.members[i % team.members.length].call, game.id, challenge.id, hint.id),
    );
    const answers = await Promise.all(presses);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((a) => (a.json() as UnlockResult).recorded)).toHaveLength(1);
    const unlocks = (
      await monitor({ method: 'GET', url: `/api/game/${game.id}/hintunlocks` })
    ).json() as HintUnlockModel[];
    expect(unlocks).toHaveLength(1);
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(-70);
  });

  it('on solve: nothing is paid until the team solves, then the price counts at the solve; a hint after the solve is free', async () => {
    const { game, challenge, team } = await hintGame(server.app, { hintPolicy: 'OnSolve' });
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Later', cost: 250 });
    const late = await addHint(admin, game.id, challenge.id, { content: 'After', cost: 40 });
    const [captain] = team.members;
    expect((await detailOf(captain.call, game.id, challenge.id)).hintPolicy).toBe('OnSolve');
    expect((await unlock(captain.call, game.id, challenge.id, hint.id)).statusCode).toBe(200);
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(0);

    expect(await submitAndWait(captain.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    const board = await boardOf(server.app, server.anonymous, game.id);
    const row = board.items.find((item) => item.id === team.team.id)!;
    expect(row.score).toBe(750);
    const solvedAt = row.solvedChallenges[0].time;
    expect(board.timeLines.all.find((l) => l.id === team.team.id)?.items).toEqual([
      { time: solvedAt, score: 1000 },
      { time: solvedAt, score: 750 },
    ]);
    // Unlocked after the solve: recorded (monitors see it), never charged.
    expect(
      ((await unlock(captain.call, game.id, challenge.id, late.id)).json() as UnlockResult)
        .recorded,
    ).toBe(true);
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(750);
  });

  it('a game saved without the policy keeps it; the policy is read back', async () => {
    const { game } = await hintGame(server.app, { hintPolicy: 'OnSolve' });
    const read = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
    expect(read.json()).toMatchObject({ hintPolicy: 'OnSolve' });
    const { hintPolicy: _dropped, ...withoutPolicy } = read.json() as Record<string, unknown>;
    const saved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: withoutPolicy,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ hintPolicy: 'OnSolve' });
    const changed = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...withoutPolicy, hintPolicy: 'AtUnlock' },
    });
    expect(changed.json()).toMatchObject({ hintPolicy: 'AtUnlock' });
    const bad = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...withoutPolicy, hintPolicy: 'Never' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('after the end hints are free to read and unlocking changes no score', async () => {
    const now = Date.now();
    const { game, challenge, team } = await hintGame(server.app, {
      start: now - 120 * 60_000,
      end: now - 60_000,
      practiceMode: true,
    });
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Post-game', cost: 300 });
    const [captain] = team.members;
    const detail = await detailOf(captain.call, game.id, challenge.id);
    expect(detail.pricedHints).toEqual([
      { id: hint.id, cost: 300, unlocked: false, content: 'Post-game' },
    ]);
    const answer = await unlock(captain.call, game.id, challenge.id, hint.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ recorded: false, hint: { content: 'Post-game' } });
    const unlocks = (
      await monitor({ method: 'GET', url: `/api/game/${game.id}/hintunlocks` })
    ).json() as unknown[];
    expect(unlocks).toEqual([]);
    expect(scoreOf(await boardOf(server.app, monitor, game.id), team.team.id)).toBe(0);
  });

  it('hides a price paid after the freeze from the public board until the end; monitors see it', async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const freezeTime = Date.now() - 60_000;
    await server.app.db
      .updateTable('games')
      .set({ freeze_time: freezeTime })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Frozen', cost: 120 });
    expect((await unlock(team.members[0].call, game.id, challenge.id, hint.id)).statusCode).toBe(
      200,
    );
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(0);
    expect(scoreOf(await boardOf(server.app, monitor, game.id), team.team.id)).toBe(-120);
    // The game ends: the public board shows the price.
    await server.app.db
      .updateTable('games')
      .set({ end_time: Date.now() })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);
    expect(scoreOf(await boardOf(server.app, server.anonymous, game.id), team.team.id)).toBe(-120);
  });

  it("counts the team's prices before and after the freeze in its own view of the frozen board", async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const before = await addHint(admin, game.id, challenge.id, { content: 'Early', cost: 100 });
    const after = await addHint(admin, game.id, challenge.id, { content: 'Late', cost: 30 });
    const player = team.members[0].call;
    expect((await unlock(player, game.id, challenge.id, before.id)).statusCode).toBe(200);
    // The freeze falls after the first unlock (the clock has passed it before the second).
    const freezeTime = Date.now() + 1;
    await server.app.db
      .updateTable('games')
      .set({ freeze_time: freezeTime })
      .where('id', '=', game.id)
      .execute();
    while (Date.now() <= freezeTime) await new Promise((resolve) => setImmediate(resolve));
    server.app.scoreboards.invalidate(game.id);
    expect((await unlock(player, game.id, challenge.id, after.id)).statusCode).toBe(200);
    expect(await submitAndWait(player, game.id, challenge.id, challenge.flags[0])).toBe('Accepted');
    server.app.scoreboards.invalidate(game.id);

    const publicRow = (await boardOf(server.app, server.anonymous, game.id)).items[0];
    expect(publicRow.score).toBe(-100);
    expect(publicRow.hintPrices?.map((price) => price.value)).toEqual([-100]);
    const own = await boardOf(server.app, player, game.id);
    const ownRow = own.items.find((item) => item.id === team.team.id)!;
    expect(own.frozenAt).toBe(freezeTime);
    expect(ownRow.score).toBe(1000 - 100 - 30);
    expect(ownRow.hintPrices?.map((price) => price.value)).toEqual([-100, -30]);
    // Its time line ends at its score.
    const line = Object.values(own.timeLines)
      .flat()
      .find((entry) => entry.id === team.team.id)!;
    expect(line.items.at(-1)?.score).toBe(870);
    expect(scoreOf(await boardOf(server.app, monitor, game.id), team.team.id)).toBe(870);
  });

  it("lists each team's hint prices in the xlsx sheet (already in its score)", async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Sheet', cost: 40 });
    expect((await unlock(team.members[0].call, game.id, challenge.id, hint.id)).statusCode).toBe(
      200,
    );
    await boardOf(server.app, monitor, game.id);
    const sheet = await monitor({ method: 'GET', url: `/api/game/${game.id}/scoreboardsheet` });
    expect(sheet.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook
      .getWorksheet('Scoreboard')!
      .eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].at(-1)).toBe('Hint Prices');
    expect(rows[1]).toEqual(expect.arrayContaining([team.team.name, -40]));
    expect(rows[1].at(-1)).toBe(-40);
  });

  it('checks roles and registrations: monitors list unlocks, players may not; strangers cannot unlock', async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Mine', cost: 5 });
    expect(
      (await user({ method: 'GET', url: `/api/game/${game.id}/hintunlocks` })).statusCode,
    ).toBe(403);
    expect(
      (
        await server.anonymous({
          method: 'POST',
          url: `/api/game/${game.id}/challenges/${challenge.id}/hints/${hint.id}/unlock`,
        })
      ).statusCode,
    ).toBe(401);
    // A signed-in user of no team in the game.
    expect((await unlock(user, game.id, challenge.id, hint.id)).statusCode).toBe(400);
    expect((await unlock(team.members[0].call, game.id, challenge.id, 999999)).statusCode).toBe(
      404,
    );
    const other = await hintGame(server.app);
    // A hint of another game's challenge is not this challenge's.
    expect(
      (
        await unlock(
          team.members[0].call,
          game.id,
          challenge.id,
          (await addHint(admin, other.game.id, other.challenge.id, { content: 'x' })).id,
        )
      ).statusCode,
    ).toBe(404);
    expect((await unlock(team.members[0].call, game.id, challenge.id, hint.id)).statusCode).toBe(
      200,
    );
    const listed = (
      await monitor({ method: 'GET', url: `/api/game/${game.id}/hintunlocks` })
    ).json() as HintUnlockModel[];
    expect(listed).toEqual([
      expect.objectContaining({
        hintId: hint.id,
        challengeId: challenge.id,
        challengeTitle: challenge.title,
        teamId: team.team.id,
        teamName: team.team.name,
        participationId: team.participationId,
        userName: team.members[0].user.userName,
        cost: 5,
      }),
    ]);
  });

  it('removes hints and unlocks with their challenge and their game', async () => {
    const { game, challenge, team } = await hintGame(server.app);
    const hint = await addHint(admin, game.id, challenge.id, { content: 'Gone', cost: 30 });
    expect((await unlock(team.members[0].call, game.id, challenge.id, hint.id)).statusCode).toBe(
      200,
    );
    const removed = await admin({
      method: 'DELETE',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await server.app.db
      .selectFrom('hint_unlocks')
      .select('id')
      .where('game_id', '=', game.id)
      .execute();
    expect(left).toEqual([]);
    const other = await hintGame(server.app);
    const kept = await addHint(admin, other.game.id, other.challenge.id, { content: 'x', cost: 1 });
    expect(
      (await unlock(other.team.members[0].call, other.game.id, other.challenge.id, kept.id))
        .statusCode,
    ).toBe(200);
    const deleted = await admin({ method: 'DELETE', url: `/api/edit/games/${other.game.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
