// A whole game through the HTTP API (issue 4): an organiser sets up a game with a static, a dynamic
// (per-team generated flag) and a dynamic-attachment (flag pool) challenge; four teams of real
// accounts register — auto-accepted, reviewed, rejected then re-joined, left pending; teams solve,
// miss and cheat; bloods are announced in order; the game ends and a practice solve changes
// nothing; the board and both sheets are checked to the point against independently computed
// scores. The steps share one game and run in order.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { expectMatchesSpec } from '../support/spec.js';
import { submitAndWait, submitFlag, waitForResult } from '../routes/game/support.js';
import { expectedBoard, type PlannedChallenge, type PlannedSolve } from './expectedBoard.js';
import {
  addChallenge,
  editGame,
  participationOf,
  readWorkbook,
  review,
  sheetTime,
} from './organiser.js';
import { createTeam, joinGame, registerPlayer, type ApiTeam, type Player } from './players.js';
import {
  readBoard,
  readNotices,
  readSubmissions,
  waitUntil,
  type Board,
  type GameEvent,
} from './support.js';

const HOUR = 3_600_000;
const DEFAULT_BLOOD_BONUS = 52459530;
const POOL = [1, 2, 3, 4].map((i) => ({
  flag: `flag{pool_entry_${i}}`,
  url: `https://files.example/pool-${i}.zip`,
}));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeEachDatabase('a whole game from set-up to the final sheets', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  // What the steps build up.
  let gameId: number;
  const challenge: Record<'sanity' | 'hashes' | 'pool', PlannedChallenge> = {} as never;
  const player: Record<'alice' | 'amy' | 'bob' | 'carol' | 'dave', Player> = {} as never;
  const team: Record<'alpha' | 'bravo' | 'charlie' | 'delta', ApiTeam> = {} as never;
  const dynamicFlag = new Map<number, string>();
  const poolFlag = new Map<number, string>();
  const solves: PlannedSolve[] = [];

  const view = async (who: Player, challengeId: number) => {
    const response = await who.call({
      method: 'GET',
      url: `/api/game/${gameId}/challenges/${challengeId}`,
    });
    expectMatchesSpec('gameGetChallenge', response);
    return response;
  };

  /** Submits, waits for the result and, when it is a counted solve, records it. */
  const solve = async (who: Player, on: ApiTeam, c: PlannedChallenge, flag: string) => {
    expect(await submitAndWait(who.call, gameId, c.id, flag)).toBe('Accepted');
    const mine = (await readSubmissions(monitor, gameId)).find(
      (s) => s.user === who.userName && s.challenge === c.title && s.status === 'Accepted',
    );
    solves.push({
      team: { ...on, division: on === team.bravo ? 'Student' : 'Pro' },
      challenge: c,
      userName: who.userName,
      time: mine!.time,
    });
  };

  it('lets an organiser set up the game and its three challenges', async () => {
    const now = Date.now();
    const created = await admin({
      method: 'POST',
      url: '/api/edit/games',
      payload: {
        title: 'Whole Game',
        start: now - 60_000,
        end: now + HOUR,
        acceptWithoutReview: true,
        practiceMode: true,
        divisions: ['Pro', 'Student'],
      },
    });
    expectMatchesSpec('editAddGame', created);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ bloodBonus: DEFAULT_BLOOD_BONUS, practiceMode: true });
    gameId = (created.json() as { id: number }).id;

    challenge.sanity = await addChallenge(
      admin,
      gameId,
      { title: 'Sanity', category: 'Misc', type: 'StaticAttachment' },
      { originalScore: 500, minScoreRate: 0.5, difficulty: 2 },
      [{ flag: 'flag{sanity_check}' }],
    );
    challenge.hashes = await addChallenge(
      admin,
      gameId,
      { title: 'Hashes', category: 'Web', type: 'DynamicContainer' },
      { flagTemplate: 'flag{whole_game_[TEAM_HASH]}' },
      [],
    );
    challenge.pool = await addChallenge(
      admin,
      gameId,
      { title: 'Pool', category: 'Crypto', type: 'DynamicAttachment' },
      {},
      POOL.map(({ flag, url }) => ({ flag, attachmentType: 'Remote', remoteUrl: url })),
    );
    expect(challenge.sanity).toMatchObject({ originalScore: 500, minScoreRate: 0.5 });
    expect(challenge.pool).toMatchObject({
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
    });

    // Enabling during the game announces each challenge.
    const announced = (await readNotices(monitor, gameId)).filter((n) => n.type === 'NewChallenge');
    expect(announced.map((n) => n.values[0]).sort()).toEqual(['Hashes', 'Pool', 'Sanity']);
  });

  it('registers four teams: auto-accepted, reviewed after a rejection, and pending', async () => {
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

  it('gives every team its own dynamic flag and pool entry', async () => {
    const salt = await admin({ method: 'GET', url: `/api/edit/games/${gameId}/hashsalt` });
    expectMatchesSpec('editGetTeamHashSalt', salt);
    const gameSalt = salt.json() as string;
    for (const [who, on] of [
      [player.alice, team.alpha],
      [player.bob, team.bravo],
      [player.carol, team.charlie],
    ] as const) {
      const details = await who.call({ method: 'GET', url: `/api/game/${gameId}/details` });
      expectMatchesSpec('gameGetDetails', details);
      expect(details.statusCode, details.body).toBe(200);
      const { teamToken, challengeCount } = details.json() as {
        teamToken: string;
        challengeCount: number;
      };
      expect(challengeCount).toBe(3);
      expect(teamToken.startsWith(`${on.id}:`)).toBe(true);

      const hashes = await view(who, challenge.hashes.id);
      expect(hashes.statusCode, hashes.body).toBe(200);
      expect(hashes.json()).toMatchObject({ type: 'DynamicContainer', score: 1000 });
      const hash = sha256(`${sha256(`${gameSalt}::${challenge.hashes.id}`)}::${teamToken}`);
      dynamicFlag.set(on.id, `flag{whole_game_${hash.slice(12, 24)}}`);

      const pool = await view(who, challenge.pool.id);
      expect(pool.statusCode, pool.body).toBe(200);
      const url = (pool.json() as { context: { url: string } }).context.url;
      const entry = POOL.find((p) => p.url === url);
      expect(entry, `pool entry for ${url}`).toBeDefined();
      poolFlag.set(on.id, entry!.flag);
      // A second view keeps the team's entry.
      expect((await view(who, challenge.pool.id)).json()).toMatchObject({ context: { url } });
    }
    expect(new Set(dynamicFlag.values()).size).toBe(3);
    expect(new Set(poolFlag.values()).size).toBe(3);
    // The pending team sees nothing.
    const pending = await view(player.dave, challenge.hashes.id);
    expect(pending.statusCode).toBe(400);
  });

  it('checks right, wrong and shared flags, announcing bloods in order', async () => {
    const { alice, amy, bob, carol, dave } = player;
    const { alpha, bravo, charlie } = team;
    const { sanity, hashes, pool } = challenge;
    expect(await submitAndWait(alice.call, gameId, sanity.id, 'flag{sanity?}')).toBe('WrongAnswer');
    await solve(alice, alpha, sanity, 'flag{sanity_check}');
    await solve(bob, bravo, hashes, dynamicFlag.get(bravo.id)!);
    // Charlie hands in Alpha's flag: the player is told WrongAnswer, monitors see cheating.
    const cheat = await submitFlag(carol.call, gameId, hashes.id, dynamicFlag.get(alpha.id)!);
    expect(await waitForResult(carol.call, gameId, hashes.id, cheat)).toBe('WrongAnswer');
    await solve(bob, bravo, sanity, ' flag{sanity_check} ');
    await solve(amy, alpha, hashes, dynamicFlag.get(alpha.id)!);
    await solve(carol, charlie, sanity, 'flag{sanity_check}');
    await solve(carol, charlie, pool, poolFlag.get(charlie.id)!);
    await solve(alice, alpha, pool, poolFlag.get(alpha.id)!);
    // Another team's pool entry is someone's own flag too: cheating as well.
    expect(await submitAndWait(bob.call, gameId, pool.id, poolFlag.get(alpha.id)!)).toBe(
      'WrongAnswer',
    );
    expect(await submitAndWait(bob.call, gameId, pool.id, 'flag{pool_entry_9}')).toBe(
      'WrongAnswer',
    );
    const pending = await dave.call({
      method: 'POST',
      url: `/api/game/${gameId}/challenges/${sanity.id}`,
      payload: { flag: 'flag{sanity_check}' },
    });
    expectMatchesSpec('gameSubmitFlag', pending);
    expect(pending.statusCode).toBe(400);

    const bloods = (await readNotices(monitor, gameId))
      .filter((n) => n.type.endsWith('Blood'))
      .reverse()
      .map((n) => [n.type, ...n.values]);
    expect(bloods).toEqual([
      ['FirstBlood', 'Alpha', 'Sanity'],
      ['FirstBlood', 'Bravo', 'Hashes'],
      ['SecondBlood', 'Bravo', 'Sanity'],
      ['SecondBlood', 'Alpha', 'Hashes'],
      ['ThirdBlood', 'Charlie', 'Sanity'],
      ['FirstBlood', 'Charlie', 'Pool'],
      ['SecondBlood', 'Alpha', 'Pool'],
    ]);
  });

  it('shows monitors every submission, the cheating and the events', async () => {
    const { alpha, bravo, charlie } = team;
    const submissions = await readSubmissions(monitor, gameId);
    expect(submissions.map((s) => [s.status, s.team, s.user, s.challenge]).reverse()).toEqual([
      ['WrongAnswer', 'Alpha', 'alice', 'Sanity'],
      ['Accepted', 'Alpha', 'alice', 'Sanity'],
      ['Accepted', 'Bravo', 'bob', 'Hashes'],
      ['CheatDetected', 'Charlie', 'carol', 'Hashes'],
      ['Accepted', 'Bravo', 'bob', 'Sanity'],
      ['Accepted', 'Alpha', 'amy', 'Hashes'],
      ['Accepted', 'Charlie', 'carol', 'Sanity'],
      ['Accepted', 'Charlie', 'carol', 'Pool'],
      ['Accepted', 'Alpha', 'alice', 'Pool'],
      ['CheatDetected', 'Bravo', 'bob', 'Pool'],
      ['WrongAnswer', 'Bravo', 'bob', 'Pool'],
    ]);
    // The stored answer is trimmed.
    expect(submissions.filter((s) => s.user === 'bob' && s.challenge === 'Sanity')).toMatchObject([
      { answer: 'flag{sanity_check}' },
    ]);

    const cheats = await monitor({ method: 'GET', url: `/api/game/${gameId}/cheatinfo` });
    expectMatchesSpec('gameGetCheatInfo', cheats);
    const found = (
      cheats.json() as {
        ownedTeam: { team: { name: string }; division: string };
        submitTeam: { team: { name: string }; status: string };
        submission: { answer: string; status: string; challenge: string };
      }[]
    )
      .map((c) => [
        c.ownedTeam.team.name,
        c.submitTeam.team.name,
        c.submission.challenge,
        c.submission.answer,
        c.submission.status,
      ])
      .sort();
    expect(found).toEqual([
      ['Alpha', 'Bravo', 'Pool', poolFlag.get(alpha.id), 'CheatDetected'],
      ['Alpha', 'Charlie', 'Hashes', dynamicFlag.get(alpha.id), 'CheatDetected'],
    ]);

    const events = await monitor({ method: 'GET', url: `/api/game/${gameId}/events` });
    expectMatchesSpec('gameGetEvents', events);
    const ids = (c: PlannedChallenge) => [c.title, String(c.id)];
    const { sanity, hashes, pool } = challenge;
    expect(
      (events.json() as GameEvent[]).reverse().map((e) => [e.type, e.team, e.user, ...e.values]),
    ).toEqual([
      ['FlagSubmit', 'Alpha', 'alice', 'WrongAnswer', 'flag{sanity?}', ...ids(sanity)],
      ['FlagSubmit', 'Alpha', 'alice', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Bravo', 'bob', 'Accepted', dynamicFlag.get(bravo.id), ...ids(hashes)],
      ['FlagSubmit', 'Charlie', 'carol', 'WrongAnswer', dynamicFlag.get(alpha.id), ...ids(hashes)],
      ['CheatDetected', 'Charlie', 'carol', 'Hashes', 'Charlie', 'Alpha'],
      ['FlagSubmit', 'Bravo', 'bob', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Alpha', 'amy', 'Accepted', dynamicFlag.get(alpha.id), ...ids(hashes)],
      ['FlagSubmit', 'Charlie', 'carol', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Charlie', 'carol', 'Accepted', poolFlag.get(charlie.id), ...ids(pool)],
      ['FlagSubmit', 'Alpha', 'alice', 'Accepted', poolFlag.get(alpha.id), ...ids(pool)],
      ['FlagSubmit', 'Bravo', 'bob', 'WrongAnswer', poolFlag.get(alpha.id), ...ids(pool)],
      ['CheatDetected', 'Bravo', 'bob', 'Pool', 'Bravo', 'Alpha'],
      ['FlagSubmit', 'Bravo', 'bob', 'WrongAnswer', 'flag{pool_entry_9}', ...ids(pool)],
    ]);
  });

  let finalBoard: Board;

  it('scores the board with the dynamic formula, bloods, divisions and time lines', async () => {
    const expected = expectedBoard({
      bloodBonus: DEFAULT_BLOOD_BONUS,
      challenges: [challenge.sanity, challenge.hashes, challenge.pool],
      teams: [
        { ...team.alpha, division: 'Pro' },
        { ...team.bravo, division: 'Student' },
        { ...team.charlie, division: 'Pro' },
      ],
      solves,
    });
    finalBoard = await waitUntil(async () => {
      const board = await readBoard(monitor, gameId);
      return board.items.reduce((n, i) => n + i.solvedCount, 0) === solves.length
        ? board
        : undefined;
    }, 'the board to count every solve');
    const { updateTimeUtc, ...rest } = finalBoard;
    expect(typeof updateTimeUtc).toBe('number');
    expect(rest).toEqual(expected);
    // The numbers, spelled out once: S(3) of Sanity is 341 and S(2) of the others 864, each
    // raised by 5 %, 3 % and 1 % for first, second and third blood.
    expect(
      finalBoard.items.map((i) => [i.name, i.score, i.rank, i.division, i.divisionRank]),
    ).toEqual([
      ['Alpha', 358 + 890 + 890, 1, 'Pro', 1],
      ['Bravo', 907 + 351, 2, 'Student', 1],
      ['Charlie', 344 + 907, 3, 'Pro', 2],
    ]);
    // A team's game view carries its row of the board; the pending team has none.
    const details = await player.carol.call({ method: 'GET', url: `/api/game/${gameId}/details` });
    expectMatchesSpec('gameGetDetails', details);
    expect(details.json()).toMatchObject({
      rank: finalBoard.items[2],
      challenges: finalBoard.challenges,
    });
    const pending = await player.dave.call({ method: 'GET', url: `/api/game/${gameId}/details` });
    expect(pending.statusCode).toBe(400);
  });

  it('takes practice submissions after the end without changing the board', async () => {
    const edited = await editGame(admin, gameId, { end: Date.now() });
    await waitUntil(async () => (Date.now() > edited.end ? true : undefined), 'the end');
    // The edit rebuilt the board; wait for that before comparing.
    const rebuilt = await waitUntil(async () => {
      const board = await readBoard(monitor, gameId);
      return board.updateTimeUtc >= edited.end ? board : undefined;
    }, 'the board to be rebuilt');
    const { updateTimeUtc: _before, ...before } = finalBoard;
    const { updateTimeUtc: _rebuilt, ...same } = rebuilt;
    expect(same).toEqual(before);

    const noticesBefore = await readNotices(monitor, gameId);
    const bob = player.bob;
    const late = poolFlag.get(team.bravo.id)!;
    expect(await submitAndWait(bob.call, gameId, challenge.pool.id, late)).toBe('Accepted');
    await server.app.scoreboards.settle(gameId);
    const { updateTimeUtc: _after, ...after } = await readBoard(monitor, gameId);
    expect(after).toEqual(before);
    expect(await readNotices(monitor, gameId)).toEqual(noticesBefore);
    const edit = await admin({
      method: 'GET',
      url: `/api/edit/games/${gameId}/challenges/${challenge.pool.id}`,
    });
    expect(edit.json()).toMatchObject({ acceptedCount: 2 });
    const last = (await readSubmissions(monitor, gameId))[0];
    expect(last).toMatchObject({ status: 'Accepted', user: 'bob', answer: late });
  });

  it('exports the scoreboard and every submission as sheets', async () => {
    const board = await monitor({ method: 'GET', url: `/api/game/${gameId}/scoreboardsheet` });
    expectMatchesSpec('gameGetScoreboardSheet', board);
    expect(board.statusCode).toBe(200);
    const rows = await readWorkbook(board.rawPayload, 'Scoreboard');
    const columns = ['Sanity', 'Pool', 'Hashes'];
    expect(rows[0]).toEqual([
      'Rank',
      'Team',
      'Division',
      'Captain',
      'Crew',
      'Real Name',
      'Email',
      'Student Number',
      'Phone',
      'Solved',
      'Time',
      'Score',
      ...columns,
    ]);
    const captains: Record<string, string> = { Alpha: 'alice', Bravo: 'bob', Charlie: 'carol' };
    const crews: Record<string, Player[]> = {
      Alpha: [player.alice, player.amy],
      Bravo: [player.bob],
      Charlie: [player.carol],
    };
    const empty = (n: number) => Array(n).fill('<empty>').join(' / ');
    expect(rows.slice(1)).toEqual(
      finalBoard.items.map((item) => {
        const crew = crews[item.name];
        const points = (title: string) => {
          const id = Object.values(challenge).find((c) => c.title === title)!.id;
          return item.solvedChallenges.find((s) => s.id === id)?.score ?? 0;
        };
        return [
          item.rank,
          item.name,
          item.division,
          captains[item.name],
          crew.map((p) => p.userName).join(' / '),
          empty(crew.length),
          crew.map((p) => p.email).join(' / '),
          empty(crew.length),
          empty(crew.length),
          item.solvedCount,
          sheetTime(item.lastSubmissionTime),
          item.score,
          ...columns.map(points),
        ];
      }),
    );

    const all = await monitor({ method: 'GET', url: `/api/game/${gameId}/submissionsheet` });
    expectMatchesSpec('gameGetSubmissionSheet', all);
    expect(all.statusCode).toBe(200);
    const submissionRows = await readWorkbook(all.rawPayload, 'All Submissions');
    expect(submissionRows[0]).toEqual([
      'Status',
      'Time',
      'Team',
      'User',
      'Challenge',
      'Submission',
      'Email',
    ]);
    const text: Record<string, string> = {
      Accepted: 'ACCEPTED',
      WrongAnswer: 'WRONG',
      CheatDetected: 'Cheat detection',
    };
    const emails = new Map(Object.values(player).map((p) => [p.userName, p.email]));
    const submissions = await readSubmissions(monitor, gameId);
    expect(submissions).toHaveLength(12);
    expect(submissionRows.slice(1)).toEqual(
      submissions.map((s) => [
        text[s.status],
        sheetTime(s.time),
        s.team,
        s.user,
        s.challenge,
        s.answer,
        emails.get(s.user),
      ]),
    );
  });
});
