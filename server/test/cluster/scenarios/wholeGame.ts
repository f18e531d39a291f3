/**
 * Scenario A: a whole game through the balancer. The organiser signs in and sets up a game; players
 * sign up, make teams and join; hub clients sit on every instance (players' hub and monitors'
 * hub); an organiser notice and the board changes reach all of them; the players submit right and
 * wrong flags at once, each checked exactly once whichever instance stored it; the board read
 * through any instance lists for each team exactly the challenges it was told it solved; a site
 * settings change is seen through every instance; nothing was answered with a 5xx.
 */
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, expect, it } from 'vitest';
import { checkCountedOnce, lostSubmissions, waitDrained } from '#bench/event/checks.js';
import { hubClient } from '../../hubs/support.js';
import { openSession, type ApiSession } from '../support/apiSession.js';
import { attachAcrossInstances, type PlacedClient } from '../support/hubsOnInstances.js';
import { ADMIN_PASSWORD, type VexilCluster } from '../support/vexilCluster.js';

const PLAYERS = 6;
const CHALLENGES = 3;
const PASSWORD = 'Player-Secret-1';
/** Wrong flags each player sends per challenge. */
const WRONG_PER_CHALLENGE = 3;

interface Team {
  id: number;
  player: ApiSession;
  /** Challenges this team submits the right flag for. */
  solves: number[];
}

interface Board {
  updateTimeUtc: number;
  items: Array<{ id: number; solvedChallenges: Array<{ id: number }> }>;
}

const solvedByTeam = (board: Board) =>
  Object.fromEntries(
    board.items.map((item) => [item.id, item.solvedChallenges.map((c) => c.id).sort()]),
  );

export function wholeGameThroughBalancer(getCluster: () => VexilCluster): void {
  let admin: ApiSession;
  let gameId: number;
  const challenges: Array<{ id: number; flag: string }> = [];
  const teams: Team[] = [];
  let players: PlacedClient[] = [];
  let monitors: PlacedClient[] = [];
  const updates = new Map<HubConnection, number[]>();
  const checked = new Map<HubConnection, Array<{ answer: string; team: string }>>();

  afterAll(async () => {
    await Promise.all([...players, ...monitors].map((client) => client.connection.stop()));
  });

  it('lets the organiser sign in and set up a game with challenges', async () => {
    const { balancer } = getCluster();
    admin = openSession(balancer.url);
    await admin.call('POST', '/api/account/login', { userName: 'admin', password: ADMIN_PASSWORD });
    const now = Date.now();
    const game = await admin.call<{ id: number }>('POST', '/api/edit/games', {
      title: 'Cluster Cup',
      start: now - 60_000,
      end: now + 3_600_000,
      acceptWithoutReview: true,
    });
    gameId = game.id;
    for (let i = 0; i < CHALLENGES; i++) {
      const base = `/api/edit/games/${gameId}/challenges`;
      const { id } = await admin.call<{ id: number }>('POST', base, {
        title: `Challenge ${i}`,
        category: 'Misc',
        type: 'StaticAttachment',
      });
      const flag = `flag{cluster_${i}}`;
      await admin.call('POST', `${base}/${id}/flags`, [{ flag }]);
      await admin.call('PUT', `${base}/${id}`, { isEnabled: true });
      challenges.push({ id, flag });
    }
  });

  it('lets players sign up, make teams and join the game', async () => {
    const { balancer } = getCluster();
    for (let i = 0; i < PLAYERS; i++) {
      const player = openSession(balancer.url);
      const userName = `cluster${i}`;
      await player.call('POST', '/api/account/register', {
        userName,
        password: PASSWORD,
        email: `${userName}@players.example`,
      });
      const team = await player.call<{ id: number }>('POST', '/api/team', { name: `Team ${i}` });
      await player.call('POST', `/api/game/${gameId}`, { teamId: team.id });
      // Team i solves every challenge but the i-th (modulo): each team a different set.
      const solves = challenges.map((c) => c.id).filter((_, c) => c !== i % CHALLENGES);
      teams.push({ id: team.id, player, solves: i === 0 ? [] : solves });
    }
    const listed = await admin.call<Array<{ team: { id: number }; status: string }>>(
      'GET',
      `/api/game/${gameId}/participations`,
    );
    expect(listed.map((p) => [p.team.id, p.status]).sort()).toEqual(
      teams.map((t) => [t.id, 'Accepted']).sort(),
    );
  });

  it('attaches hub clients on every instance, and the notice reaches each', async () => {
    const cluster = getCluster();
    // As browsers on the site: their Origin must match the Host nginx passes on.
    const url = cluster.balancer.url;
    players = await attachAcrossInstances(
      cluster,
      () => hubClient(`${url}/hub/user?game=${gameId}`, { origin: url }),
      1,
    );
    monitors = await attachAcrossInstances(
      cluster,
      () =>
        hubClient(`${url}/hub/monitor?game=${gameId}`, { session: admin.session(), origin: url }),
      1,
    );
    for (const kind of [players, monitors]) {
      expect(new Set(kind.map((c) => c.instance)).size).toBe(cluster.instances.length);
    }
    for (const { connection } of players) {
      updates.set(connection, []);
      connection.on('ReceivedScoreboardUpdate', (u: { version: number }) =>
        updates.get(connection)!.push(u.version),
      );
    }
    for (const { connection } of monitors) {
      checked.set(connection, []);
      connection.on('ReceivedSubmissions', (s: { answer: string; team: string }) =>
        checked.get(connection)!.push({ answer: s.answer, team: s.team }),
      );
    }

    const notices = players.map(
      ({ connection }) =>
        new Promise<{ values: string[] }>((resolve) =>
          connection.on('ReceivedGameNotice', resolve),
        ),
    );
    await admin.call('POST', `/api/edit/games/${gameId}/notices`, { content: 'Welcome, all' });
    for (const notice of await Promise.all(notices)) {
      expect(notice).toMatchObject({ type: 'Normal', values: ['Welcome, all'] });
    }
  });

  it('checks every submission once and shows an exact board through every instance', async () => {
    const cluster = getCluster();
    const acknowledged: Array<{ id: number; answer: string; team: string }> = [];
    // Every player at once: its wrong flags and right ones, mixed, each on the next instance.
    await Promise.all(
      teams.map(async (team, t) => {
        const sends = challenges.flatMap((challenge, c) => [
          ...Array.from({ length: WRONG_PER_CHALLENGE }, (_, n) => ({
            challenge,
            flag: `flag{wrong_${t}_${c}_${n}}`,
          })),
          ...(team.solves.includes(challenge.id) ? [{ challenge, flag: challenge.flag }] : []),
        ]);
        for (const { challenge, flag } of sends) {
          const id = await team.player.call<number>(
            'POST',
            `/api/game/${gameId}/challenges/${challenge.id}`,
            { flag },
          );
          acknowledged.push({ id, answer: flag, team: `Team ${t}` });
        }
      }),
    );

    const { db } = cluster.database;
    expect((await waitDrained(db, 60)).drained).toBe(true);
    expect(
      await lostSubmissions(
        db,
        acknowledged.map((a) => a.id),
      ),
    ).toEqual({ lost: 0, missing: 0 });
    const counted = await checkCountedOnce(db, gameId, { submissionCountSum: 0, checked: 0 });
    expect(counted).toMatchObject({ ok: true, checkedGrowth: acknowledged.length });

    // Each monitor, on its own instance, saw every checked submission once.
    const expectedChecks = acknowledged.map(({ answer, team }) => ({ answer, team }));
    const byAnswer = (a: { answer: string; team: string }, b: typeof a) =>
      `${a.team} ${a.answer}`.localeCompare(`${b.team} ${b.answer}`);
    for (const { connection } of monitors) {
      await expect
        .poll(() => checked.get(connection)!.length, { timeout: 15_000 })
        .toBe(acknowledged.length);
      expect([...checked.get(connection)!].sort(byAnswer)).toEqual(expectedChecks.sort(byAnswer));
    }

    // The board as the players were told: each team exactly the challenges it sent the flag of.
    const expected = Object.fromEntries(teams.map((t) => [t.id, [...t.solves].sort()]));
    let board: Board | undefined;
    await expect
      .poll(
        async () => {
          board = await admin.call<Board>('GET', `/api/game/${gameId}/scoreboard`);
          return solvedByTeam(board);
        },
        { timeout: 15_000 },
      )
      .toEqual(expected);
    for (const instance of cluster.instances) {
      const read = (await (
        await fetch(`${instance.url}/api/game/${gameId}/scoreboard`)
      ).json()) as Board;
      expect(solvedByTeam(read)).toEqual(expected);
    }
    // Every players' hub client was told of that board (or a later one), whatever its instance.
    for (const { connection } of players) {
      await expect
        .poll(() => Math.max(0, ...updates.get(connection)!), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(board!.updateTimeUtc);
    }
  });

  it('shows an organiser’s settings change through every instance', async () => {
    const { instances } = getCluster();
    const titleOn = async (url: string) =>
      ((await (await fetch(`${url}/api/config`)).json()) as { title: string }).title;
    // Each instance reads (and caches) the settings first.
    for (const instance of instances) expect(await titleOn(instance.url)).not.toBe('Cluster Cup');
    await admin.call('PUT', '/api/admin/config', {
      globalConfig: { title: 'Cluster Cup', slogan: 'Three instances, one event' },
    });
    // Within the bound, well under the 30 s a cached copy may last: the change was announced.
    for (const instance of instances) {
      await expect.poll(() => titleOn(instance.url), { timeout: 10_000 }).toBe('Cluster Cup');
    }
  });

  it('answered nothing with a 5xx through the balancer, and no instance logged an error', async () => {
    const { balancer, instances } = getCluster();
    // `<status> [<each instance's status>] …` (bench/cluster/nginxBalancer.ts): not even an
    // instance's 5xx that nginx hid by asking the next one.
    const failed = (await balancer.accessLog()).filter((line) => /^5|\[[^\]]*\b5\d\d\b/.test(line));
    expect(failed).toEqual([]);
    for (const instance of instances) {
      expect(instance.log.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    }
  });
}
