// The container settings of the deployment: DOCKER_HOST and the VEXIL_ container variables, and
// how they become the defaults of the admin settings.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTAINER_STARTS, loadConfig } from '#server/config.js';
import { settingsFromRows } from '#server/domain/siteSettings.js';
import {
  DEFAULT_DOCKER_SOCKET,
  dockerEndpoint,
} from '#server/services/containers/dockerEndpoint.js';
import { deploymentDefaults } from '#server/services/settings.js';

describe('container configuration', () => {
  it('defaults to the local socket, host ports and no capture', () => {
    expect(loadConfig({}).containers).toEqual({
      provider: 'docker',
      swarmNetwork: undefined,
      dockerHost: undefined,
      dockerCertPath: undefined,
      portMapping: 'Default',
      trafficCapture: false,
      publicEntry: undefined,
      hostIp: undefined,
      startsInFlight: DEFAULT_CONTAINER_STARTS,
      startWaitSeconds: 5,
      startQueue: { leaseMs: 20_000, pollMs: 1_000 },
      engineRetry: { firstDelayMs: 500, maxDelayMs: 8_000, totalMs: 60_000 },
      destroysInFlight: 4,
    });
    expect(dockerEndpoint(undefined).options.socketPath).toBe(DEFAULT_DOCKER_SOCKET);
  });

  it('reads how many starts the engine gets at once and how long a Start waits', () => {
    const config = loadConfig({ VEXIL_CONTAINER_STARTS: '2', VEXIL_CONTAINER_START_WAIT: '0' });
    expect(config.containers).toMatchObject({ startsInFlight: 2, startWaitSeconds: 0 });
    expect(() => loadConfig({ VEXIL_CONTAINER_STARTS: '0' })).toThrow(/VEXIL_CONTAINER_STARTS/);
    expect(() => loadConfig({ VEXIL_CONTAINER_STARTS: 'many' })).toThrow(/VEXIL_CONTAINER_STARTS/);
    expect(() => loadConfig({ VEXIL_CONTAINER_START_WAIT: '-1' })).toThrow(
      /VEXIL_CONTAINER_START_WAIT/,
    );
  });

  it('reads the engine address, mapping, capture, public entry and host address', () => {
    const config = loadConfig({
      DOCKER_HOST: 'tcp://docker.internal:2375',
      VEXIL_PORT_MAPPING: 'platformproxy',
      VEXIL_TRAFFIC_CAPTURE: 'true',
      VEXIL_PUBLIC_ENTRY: 'ctf.example.org',
      VEXIL_CONTAINER_HOST_IP: '10.0.0.5',
    }).containers;
    expect(config).toMatchObject({
      dockerHost: 'tcp://docker.internal:2375',
      portMapping: 'PlatformProxy',
      trafficCapture: true,
      publicEntry: 'ctf.example.org',
      hostIp: '10.0.0.5',
    });
  });

  it('refuses engine addresses and mappings it cannot use', () => {
    expect(() => loadConfig({ DOCKER_HOST: '/var/run/docker.sock' })).toThrow(/DOCKER_HOST/);
    expect(() => loadConfig({ DOCKER_HOST: 'unix://' })).toThrow(/DOCKER_HOST/);
    expect(() => loadConfig({ VEXIL_PORT_MAPPING: 'NodePort' })).toThrow(/VEXIL_PORT_MAPPING/);
    expect(() => loadConfig({ VEXIL_TRAFFIC_CAPTURE: 'maybe' })).toThrow(/VEXIL_TRAFFIC_CAPTURE/);
  });

  it('connects to a socket or a TCP engine, with TLS when certificates are given', () => {
    const socket = dockerEndpoint('unix:///tmp/engine.sock');
    expect(socket).toEqual({
      options: expect.objectContaining({ socketPath: '/tmp/engine.sock', host: undefined }),
      remoteHost: null,
    });
    const tcp = dockerEndpoint('tcp://10.1.2.3:2375');
    expect(tcp.options).toMatchObject({ host: '10.1.2.3', port: '2375', protocol: 'http' });
    expect(tcp.options.socketPath).toBeUndefined();
    expect(tcp.remoteHost).toBe('10.1.2.3');

    const certs = mkdtempSync(join(tmpdir(), 'vexil-certs-'));
    for (const file of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(join(certs, file), file);
    const tls = dockerEndpoint('tcp://engine.example.org', certs);
    expect(tls.options).toMatchObject({ protocol: 'https', port: 2376 });
    expect(String(tls.options.key)).toBe('key.pem');
  });

  it('makes the deployment values the defaults that saved settings override', () => {
    const defaults = deploymentDefaults({ portMapping: 'PlatformProxy', trafficCapture: true });
    expect(settingsFromRows({}, defaults).containerPolicy).toMatchObject({
      portMapping: 'PlatformProxy',
      enableTrafficCapture: true,
    });
    const saved = settingsFromRows({ 'ContainerPolicy.PortMapping': 'Default' }, defaults);
    expect(saved.containerPolicy.portMapping).toBe('Default');
  });
});
