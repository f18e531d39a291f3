// Which container back end the deployment runs on (VEXIL_CONTAINER_PROVIDER), and how the Swarm
// provider reads a service's tasks. The providers themselves run on real engines in the container
// suites (server/test/support/docker.ts declares each suite once per provider).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { DockerProvider } from '#server/services/containers/dockerProvider.js';
import { providerFor } from '#server/services/containers/providerFor.js';
import { SwarmProvider } from '#server/services/containers/swarmProvider.js';
import { siteUrls, startBanner } from '#server/startBanner.js';
import {
  addressOn,
  newestTask,
  publishedPort,
  taskFailure,
  taskState,
  type SwarmTask,
} from '#server/services/containers/swarmTasks.js';

describe('container provider choice', () => {
  it('runs on one Docker engine unless the swarm is named', () => {
    expect(loadConfig({}).containers.provider).toBe('docker');
    expect(providerFor(loadConfig({}).containers)).toBeInstanceOf(DockerProvider);
    const swarm = loadConfig({ VEXIL_CONTAINER_PROVIDER: ' Swarm ', VEXIL_SWARM_NETWORK: 'ctf' });
    expect(swarm.containers).toMatchObject({ provider: 'swarm', swarmNetwork: 'ctf' });
    expect(providerFor(swarm.containers)).toBeInstanceOf(SwarmProvider);
  });

  it('says in the start banner that containers run as Swarm services', () => {
    const config = loadConfig({ VEXIL_CONTAINER_PROVIDER: 'swarm', DOCKER_HOST: 'tcp://m1:2376' });
    const banner = (c: typeof config) =>
      startBanner(c, {
        urls: siteUrls(c),
        database: { dialect: 'sqlite', file: '/srv/vexil/vexil.db' },
        adminExists: true,
      });
    expect(banner(config)).toContain(
      'Docker:   tcp://m1:2376, for challenge containers as Swarm services',
    );
    expect(banner(loadConfig({}))).toMatch(/for challenge containers\n/);
  });

  it('refuses to start with a provider it does not know, naming the choices', () => {
    expect(() => loadConfig({ VEXIL_CONTAINER_PROVIDER: 'kubernetes' })).toThrow(
      'VEXIL_CONTAINER_PROVIDER must be one of docker, swarm',
    );
  });
});

describe('swarm tasks', () => {
  const task = (state: string, createdAt: string, extra: Partial<SwarmTask> = {}): SwarmTask => ({
    ID: `${state}-${createdAt}`,
    CreatedAt: createdAt,
    Status: { State: state },
    ...extra,
  });

  it('reads a task state as the platform states, ended tasks as stopped', () => {
    for (const state of ['new', 'pending', 'assigned', 'accepted', 'preparing', 'starting']) {
      expect(taskState(task(state, '2026-01-01T00:00:00Z'))).toBe('pending');
    }
    expect(taskState(task('running', '2026-01-01T00:00:00Z'))).toBe('running');
    for (const state of ['complete', 'failed', 'shutdown', 'rejected', 'orphaned', 'remove']) {
      expect(taskState(task(state, '2026-01-01T00:00:00Z'))).toBe('stopped');
    }
    expect(taskState(undefined)).toBe('pending');
  });

  it('picks the newest task and says why one ended', () => {
    const old = task('failed', '2026-01-01T00:00:00Z');
    const fresh = task('running', '2026-01-01T00:01:00Z');
    expect(newestTask([old, fresh])).toBe(fresh);
    expect(newestTask([fresh, old])).toBe(fresh);
    const rejected = task('rejected', '2026-01-01T00:00:00Z', {
      Status: { State: 'rejected', Err: 'No such image: x:1', Message: 'preparing' },
    });
    expect(taskFailure(rejected)).toBe('No such image: x:1');
  });

  it('finds the published port and the address on a named network', () => {
    const running = task('running', '2026-01-01T00:00:00Z', {
      Status: {
        State: 'running',
        PortStatus: { Ports: [{ TargetPort: 8080, PublishedPort: 30001 }] },
      },
      NetworksAttachments: [
        { Network: { ID: 'n1', Spec: { Name: 'ingress' } }, Addresses: ['10.0.0.4/24'] },
        { Network: { ID: 'n2', Spec: { Name: 'ctf' } }, Addresses: ['10.0.9.7/24'] },
      ],
    });
    expect(publishedPort(running, 8080)).toBe(30001);
    expect(publishedPort(running, 9000)).toBeUndefined();
    expect(addressOn(running, 'ctf')).toBe('10.0.9.7');
    expect(addressOn(running, 'n2')).toBe('10.0.9.7');
    expect(addressOn(running, 'other')).toBeUndefined();
  });
});
