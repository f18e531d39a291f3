// The container janitor on a real engine: expired containers go with their rows (no event), and
// engine containers of this deployment without a row go after a grace period, while another
// deployment's stay.
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { containerLabels } from '#server/domain/containers.js';
import {
  destroyExpiredContainers,
  removeOrphanContainers,
  startContainerCleanup,
} from '#server/services/containers/cleanup.js';
import { createGame } from '../support/competition.js';
import { describeWithDocker, ECHO_PORT } from '../support/docker.js';
import { playingTeam } from '../routes/game/support.js';
import { containerChallenge, containerRows, startContainer } from '../routes/containerSupport.js';
import { useTestApp } from '../support/harness.js';

describeWithDocker('container cleanup', (getDb, image, engine) => {
  const server = useTestApp(getDb, { config: () => engine.config() });
  const strangers: string[] = [];
  afterAll(async () => {
    await engine.removeOwned(await server.app.containers.owner());
    for (const owner of strangers) await engine.removeOwned(owner);
  });

  async function runningContainer() {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
    const [row] = await containerRows(server.app, team.registration.id, challenge.id);
    return { game, row };
  }

  const expire = (id: string) =>
    server.app.db
      .updateTable('containers')
      .set({ expect_stop_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();

  /** An engine container labelled for `owner` that has no row. */
  async function unrecorded(owner: string) {
    const id = randomUUID();
    await server.app.containers.provider.create({
      name: `vexil-orphan-${id}`,
      image,
      env: {},
      memoryMiB: 32,
      cpuTenths: 1,
      storageMiB: 128,
      exposedPort: ECHO_PORT,
      publish: false,
      labels: containerLabels({ owner, id, challengeId: 0, gameId: 0, team: 'none' }),
    });
    return id;
  }

  it('destroys expired containers and their rows, recording no event', async () => {
    const expired = await runningContainer();
    const alive = await runningContainer();
    await expire(expired.row.id);

    expect(await destroyExpiredContainers(server.app.containers)).toBe(1);
    expect(await engine.unitsOf([expired.row.id])).toEqual([]);
    const rows = await server.app.db.selectFrom('containers').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(expired.row.id);
    expect(rows.map((r) => r.id)).toContain(alive.row.id);
    expect(await engine.unitsOf([alive.row.id])).toHaveLength(1);
    const destroyEvents = await server.app.db
      .selectFrom('game_events')
      .select('id')
      .where('game_id', '=', expired.game.id)
      .where('type', '=', 'ContainerDestroy')
      .execute();
    expect(destroyEvents).toEqual([]);
  });

  it("removes this deployment's orphans after the grace period, and no one else's", async () => {
    const owner = await server.app.containers.owner();
    const stranger = randomUUID();
    strangers.push(stranger);
    const orphan = await unrecorded(owner);
    const foreign = await unrecorded(stranger);
    const { row } = await runningContainer();

    expect(await removeOrphanContainers(server.app.containers)).toBe(0);
    expect(await engine.unitsOf([orphan])).toHaveLength(1);
    expect(await removeOrphanContainers(server.app.containers, { graceMs: 0 })).toBe(1);
    expect(await engine.unitsOf([orphan])).toEqual([]);
    expect(await engine.unitsOf([foreign, row.id])).toHaveLength(2);
  });

  it('runs as a job that passes right away and on every interval', async () => {
    const first = await runningContainer();
    await expire(first.row.id);
    const job = startContainerCleanup(server.app.containers, 100);
    try {
      await job.runOnce();
      expect(await engine.unitsOf([first.row.id])).toEqual([]);
      const second = await runningContainer();
      await expire(second.row.id);
      const left = async () => {
        const rows = await server.app.db
          .selectFrom('containers')
          .select('id')
          .where('id', '=', second.row.id)
          .execute();
        return rows.length + (await engine.unitsOf([second.row.id])).length;
      };
      await expect.poll(left, { timeout: 10_000 }).toBe(0);
    } finally {
      await job.stop();
    }
  });
});
