import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findParticipationById } from '#server/db/repositories/participations.js';
import { type Caller } from '../../support/app.js';
import { createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { filePart, HOUR, playingTeam, samplePdf } from './support.js';

describeEachDatabase('team writeups', (getDb) => {
  const server = useTestApp(getDb);

  const upload = async (call: Caller, gameId: number, part: ReturnType<typeof filePart>) => {
    const response = await call({ method: 'POST', url: `/api/game/${gameId}/writeup`, ...part });
    return response;
  };
  const status = async (call: Caller, gameId: number) => {
    const response = await call({ method: 'GET', url: `/api/game/${gameId}/writeup` });
    return response;
  };

  it('stores a PDF, replaces it on re-upload and releases the old one', async () => {
    const game = await createGame(server.app, { writeupRequired: true, writeupNote: 'PDF please' });
    const team = await playingTeam(server.app, game);
    const before = await status(team.call, game.id);
    expect(before.json()).toEqual({ submitted: false, name: '#', fileSize: 0, note: 'PDF please' });

    const first = samplePdf('first');
    expect(
      (await upload(team.call, game.id, filePart(first, 'mine.pdf', 'application/pdf'))).statusCode,
    ).toBe(200);
    const stored = (await findParticipationById(server.app.db, team.registration.id))!;
    expect(stored.writeupName).toMatch(
      new RegExp(`^Writeup-${game.id}-${team.team.id}-\\d{8}-\\d\\d\\.\\d\\d\\.\\d\\dZ\\.pdf$`),
    );
    expect((await status(team.call, game.id)).json()).toEqual({
      submitted: true,
      name: stored.writeupName,
      fileSize: first.length,
      note: 'PDF please',
    });

    const second = samplePdf('second version');
    expect(
      (await upload(team.call, game.id, filePart(second, 'v2.pdf', 'application/pdf'))).statusCode,
    ).toBe(200);
    const replaced = (await findParticipationById(server.app.db, team.registration.id))!;
    expect(replaced.writeupSize).toBe(second.length);
    expect(await findFileByHash(server.app.db, stored.writeupHash!)).toBeNull();
    expect(await findFileByHash(server.app.db, replaced.writeupHash!)).not.toBeNull();
  });

  it('checks the file before the game, then the writeup rules', async () => {
    const now = Date.now();
    const game = await createGame(server.app, { writeupRequired: true });
    const team = await playingTeam(server.app, game);
    const pdf = samplePdf();
    const expectBad = async (gameId: number, part: ReturnType<typeof filePart>, title: string) => {
      const response = await upload(team.call, gameId, part);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ title, status: 400 });
    };
    // File checks come first, even for a missing game.
    await expectBad(999999, filePart(Buffer.alloc(0), 'a.pdf', 'application/pdf'), 'Invalid file');
    await expectBad(999999, filePart(pdf, 'a.txt', 'application/pdf'), 'Please upload a PDF file');
    await expectBad(game.id, filePart(pdf, 'a.PDF', 'application/pdf'), 'Please upload a PDF file');
    await expectBad(game.id, filePart(pdf, 'a.pdf', 'text/plain'), 'Please upload a PDF file');
    const huge = await upload(
      team.call,
      game.id,
      filePart(Buffer.alloc(20 * 1024 * 1024 + 1), 'big.pdf', 'application/pdf'),
    );
    expect(huge.statusCode).toBe(413);
    const missing = await upload(team.call, 999999, filePart(pdf, 'a.pdf', 'application/pdf'));
    expect(missing.statusCode).toBe(404);

    const disabled = await createGame(server.app);
    const other = await playingTeam(server.app, disabled);
    const off = await upload(other.call, disabled.id, filePart(pdf, 'a.pdf', 'application/pdf'));
    expect(off.json()).toEqual({ title: 'Writeup is disabled for this game.', status: 400 });

    const late = await createGame(server.app, {
      writeupRequired: true,
      start: now - 3 * HOUR,
      end: now - 2 * HOUR,
      writeupDeadline: now - HOUR,
    });
    const lateTeam = await playingTeam(server.app, late);
    const due = await upload(lateTeam.call, late.id, filePart(pdf, 'a.pdf', 'application/pdf'));
    expect(due.json()).toEqual({ title: 'Submission due date has passed', status: 400 });

    // After the end but before the deadline (no practice mode): still allowed.
    const after = await createGame(server.app, {
      writeupRequired: true,
      start: now - 3 * HOUR,
      end: now - 2 * HOUR,
      writeupDeadline: now + HOUR,
    });
    const afterTeam = await playingTeam(server.app, after);
    const ok = await upload(afterTeam.call, after.id, filePart(pdf, 'a.pdf', 'application/pdf'));
    expect(ok.statusCode).toBe(200);
  });

  it('takes a writeup by its content: a page named w.pdf is refused, a PDF served as one', async () => {
    const game = await createGame(server.app, { writeupRequired: true });
    const team = await playingTeam(server.app, game);
    const page = Buffer.from('<html><script>fetch("/api/account/profile")</script></html>');
    const html = await upload(team.call, game.id, filePart(page, 'w.pdf', 'application/pdf'));
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ title: 'Please upload a PDF file', status: 400 });
    expect(
      (await findParticipationById(server.app.db, team.registration.id))?.writeupHash,
    ).toBeNull();

    const pdf = samplePdf('by content');
    const ok = await upload(team.call, game.id, filePart(pdf, 'w.pdf', 'application/pdf'));
    expect(ok.statusCode).toBe(200);
    const { writeupHash } = (await findParticipationById(server.app.db, team.registration.id))!;
    expect(await findFileByHash(server.app.db, writeupHash!)).toMatchObject({
      contentType: 'application/pdf',
    });
    // Whatever name the link asks for, it downloads as the PDF it is.
    const served = await team.call({ method: 'GET', url: `/assets/${writeupHash}/w.html` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('attachment; filename="w.pdf"');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});
