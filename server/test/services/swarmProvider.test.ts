// The Swarm provider on the tests' single-node swarm, for what the container suites (run on both
// providers) do not show: the service it makes, a failed or slow start leaving nothing behind,
// destroying twice, and a shared overlay network as the way in for the platform proxy.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { containerLabels, LABELS } from '#server/domain/containers.js';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';
import {
  ContainerEngineError,
  type ContainerSpec,
} from '#server/services/containers/provider.js';
import { SwarmProvider } from '#server/services/containers/swarmProvider.js';
import { BASE_IMAGE, ECHO_IMAGE } from '../support/testImages.js';
import { ECHO_PORT, readService } from '../support/docker.js';
import { skipUnless } from '../support/skipReason.js';
import { swarmEngine } from '../support/swarmDaemon.js';

const host = inject('swarmHost');
const reason = `Swarm provider: ${inject('swarmProblem') ?? 'no swarm engine'}; run as root with dockerd`;
const NETWORK = 'vexil-test-challenges';

const ipv4 = (address: string) =>
  address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);

function inSubnet(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
}

describe('swarm provider on a real swarm', skipUnless(Boolean(host), reason), () => {
  const owner = randomUUID();
  let docker: Docker;
  let provider: SwarmProvider;
  /** Removes the test network (left by an earlier run, or once its tasks are gone). */
  async function removeNetwork() {
    for (let attempt = 0; attempt < 40; attempt++) {
      const gone = await docker
        .getNetwork(NETWORK)
        .remove()
        .then(
          () => true,
          (error: { statusCode?: number }) => error.statusCode === 404,
        );
      if (gone) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  beforeAll(async () => {
    docker = swarmEngine();
    provider = new SwarmProvider(dockerEndpoint(host!));
    await removeNetwork();
  });
  afterAll(async () => {
    for (const service of await provider.list({ [LABELS.owner]: owner })) {
      await provider.destroy(service.engineId);
    }
    await removeNetwork();
  });

  const spec = (overrides: Partial<ContainerSpec> = {}): ContainerSpec => {
    const id = randomUUID();
    return {
      name: `vexil-test-${id.slice(0, 8)}`,
      image: ECHO_IMAGE,
      env: { FLAG: `flag{${id}}`, VEXIL_TEAM_ID: '7' },
      memoryMiB: 32,
      cpuTenths: 2,
      storageMiB: 128,
      exposedPort: ECHO_PORT,
      publish: true,
      labels: containerLabels({ owner, id, challengeId: 1, gameId: 1, team: '7' }),
      ...overrides,
    };
  };
  const servicesOf = (labels: Record<string, string>) =>
    provider.list(labels).then((found) => found.map((s) => s.engineId));

  it('runs one replica with limits, labels and a host-mode port, answering on 127.0.0.1', async () => {
    const wanted = spec();
    const started = await provider.create(wanted);
    expect(await provider.inspect(started.engineId)).toBe('running');
    expect(await readService('127.0.0.1', started.published!.port)).toEqual([wanted.env.FLAG, '7']);
    expect(await readService(started.ip, started.port)).toEqual([wanted.env.FLAG, '7']);

    const service = (await docker.getService(started.engineId).inspect()) as Docker.Service;
    const template = service.Spec!.TaskTemplate as Docker.ContainerTaskSpec;
    expect(service.Spec).toMatchObject({
      Name: wanted.name,
      Labels: wanted.labels,
      Mode: { Replicated: { Replicas: 1 } },
      EndpointSpec: { Ports: [{ TargetPort: ECHO_PORT, PublishMode: 'host' }] },
    });
    expect(template).toMatchObject({
      ContainerSpec: { Image: ECHO_IMAGE, Labels: wanted.labels },
      Resources: { Limits: { MemoryBytes: 32 * 1024 * 1024, NanoCPUs: 200_000_000 } },
      RestartPolicy: { Condition: 'none' },
    });
    expect(await servicesOf({ [LABELS.instance]: wanted.labels[LABELS.instance] })).toEqual([
      started.engineId,
    ]);

    await provider.destroy(started.engineId);
    await provider.destroy(started.engineId);
    expect(await provider.inspect(started.engineId)).toBeNull();
    expect(await servicesOf({ [LABELS.instance]: wanted.labels[LABELS.instance] })).toEqual([]);
  });

  it('leaves no service behind when the task is rejected or does not run in time', async () => {
    const missing = spec({ image: 'vexil-test/missing:none' });
    await expect(provider.create(missing)).rejects.toThrow(ContainerEngineError);
    const impatient = new SwarmProvider(dockerEndpoint(host!), { startTimeoutMs: 0 });
    const slow = spec();
    await expect(impatient.create(slow)).rejects.toThrow(/did not run within 0 ms/);
    for (const failed of [missing, slow]) {
      expect(await servicesOf({ [LABELS.instance]: failed.labels[LABELS.instance] })).toEqual([]);
    }
  });

  it('reaches a proxied task by its address on the shared overlay network', async () => {
    await docker.createNetwork({ Name: NETWORK, Driver: 'overlay', Attachable: true });
    const shared = new SwarmProvider(dockerEndpoint(host!), { network: NETWORK });
    const wanted = spec({ publish: false });
    const started = await shared.create(wanted);
    expect(started.published).toBeNull();
    const network = await docker.getNetwork(NETWORK).inspect();
    const subnet = network.IPAM?.Config?.[0]?.Subnet;
    expect(subnet).toBeDefined();
    expect(inSubnet(started.ip, subnet!)).toBe(true);

    // A container attached to the network (as Vexil would be) reads the service there.
    const output = new PassThrough();
    let read = '';
    output.on('data', (chunk: Buffer) => (read += chunk.toString('utf8')));
    const [result] = (await docker.run(
      BASE_IMAGE,
      ['/bin/sh', '-c', `sleep 2 | nc ${started.ip} ${started.port}`],
      output,
      { HostConfig: { NetworkMode: NETWORK, AutoRemove: true } },
    )) as [{ StatusCode: number }];
    expect(result.StatusCode).toBe(0);
    // The run's terminal ends lines with CR LF.
    expect(read.split(/\r?\n/).slice(0, 2)).toEqual([wanted.env.FLAG, '7']);
    await shared.destroy(started.engineId);
  });
});
