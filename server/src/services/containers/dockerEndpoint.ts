/**
 * Where the Docker engine is, from `DOCKER_HOST` (`unix:///path`, `tcp://host:port`): the
 * connection options of the Docker client and the host name players reach published ports on.
 */
import { readFileSync } from 'node:fs';
import type { Agent } from 'node:http';
import { join } from 'node:path';
import type { DockerOptions } from 'dockerode';
import { connectBoundAgent } from './connectBound.js';

export const DEFAULT_DOCKER_SOCKET = '/var/run/docker.sock';

/** The client's options, with the agent docker-modem takes (its type declarations omit it). */
export type EngineOptions = DockerOptions & { agent?: Agent };

export interface DockerEndpoint {
  options: EngineOptions;
  /** The engine's host name for a remote engine; null for a local socket. */
  remoteHost: string | null;
}

/**
 * Every connection key is set, even to undefined: the Docker client merges its own reading of
 * the process environment under these options, and must not mix a socket with a TCP host.
 */
export function dockerEndpoint(dockerHost: string | undefined, certPath?: string): DockerEndpoint {
  const base = { socketPath: undefined, host: undefined, port: undefined, protocol: undefined };
  // A call may take up to a minute once connected; connecting is bounded on its own (not by
  // docker-modem's connectionTimeout, which runs until the answer: see connectBound.ts).
  const timeout = 60_000;
  if (!dockerHost || dockerHost.startsWith('unix://')) {
    const socketPath = dockerHost ? dockerHost.slice('unix://'.length) : DEFAULT_DOCKER_SOCKET;
    const options = { ...base, timeout, agent: connectBoundAgent(false), socketPath };
    return { options, remoteHost: null };
  }
  const url = new URL(dockerHost);
  const tls = url.protocol === 'https:' || Boolean(certPath);
  const options: EngineOptions = {
    ...base,
    timeout,
    agent: connectBoundAgent(tls),
    host: url.hostname,
    port: url.port || (tls ? 2376 : 2375),
    protocol: tls ? 'https' : 'http',
  };
  if (certPath) {
    options.ca = readFileSync(join(certPath, 'ca.pem'));
    options.cert = readFileSync(join(certPath, 'cert.pem'));
    options.key = readFileSync(join(certPath, 'key.pem'));
  }
  return { options, remoteHost: url.hostname };
}
