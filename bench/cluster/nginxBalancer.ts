/**
 * Debian's nginx in front of the cluster's instances, as the deployment guide (docs/deploy.md,
 * "Several instances") tells an operator to set it up: one upstream, round robin, no sticky
 * sessions; WebSocket upgrades on /hub/ with long timeouts; a refused connection retried on the
 * next instance. It runs as a child process (`daemon off`) with its configuration, pid, logs and
 * temp folders in a temp folder of its own: nothing under /etc, /var or /run is used. The cluster
 * test (server/test/cluster/) runs it as it is; the hubs bench (bench/hubs/) sizes it for tens of
 * thousands of WebSockets (`BalancerSize`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../event/vexilProcess.js';

/** Where Debian's package puts it (often not on a user's PATH). */
const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout?.trim();
  if (onPath) return onPath;
  return CANDIDATES.find((path) => existsSync(path));
}

export interface Balancer {
  url: string;
  /** The same port on each `listen` address (the first is `url`'s). */
  urls: string[];
  /**
   * nginx's access log so far, a line a request: `<status> [<each instance's status>] <method>
   * <uri> <instances asked>` (a retried request names each instance it was sent to).
   */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * How many connections nginx is set up for. A proxied WebSocket holds two connections of a worker
 * (the client's and the upstream's), and each is a file descriptor: `workerConnections` bounds
 * them per worker, `workerRlimitNofile` raises the worker's descriptor limit up to what the
 * process may have (its hard limit). `listen` addresses beyond the first let clients open more
 * connections than one destination address gives them ephemeral ports (about 28,000 with Linux's
 * default `ip_local_port_range`); `reuseport` spreads new connections evenly over the workers.
 * `accessLog` off: one line per request is noise at that size.
 */
export interface BalancerSize {
  workerProcesses: number;
  workerConnections: number;
  workerRlimitNofile?: number;
  listen: string[];
  reusePort: boolean;
  accessLog: boolean;
}

/** The cluster test's set-up: one worker, 1,024 connections, one address, every request logged. */
export const SMALL: BalancerSize = {
  workerProcesses: 1,
  workerConnections: 1024,
  listen: ['127.0.0.1'],
  reusePort: false,
  accessLog: true,
};

/**
 * The configuration under test. `proxy_next_upstream` retries a request on the next instance when
 * its instance refuses the connection, fails or answers 502/503; nginx does so for a POST only
 * while nothing of it was sent (no `non_idempotent`): a flag submission that reached an instance
 * which then died may have been stored, and sending it again would store it twice.
 */
export function nginxConfig(
  dir: string,
  port: number,
  upstreams: string[],
  size: BalancerSize = SMALL,
): string {
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const listen = size.listen
    .map((address) => `    listen ${address}:${port}${size.reusePort ? ' reuseport' : ''};`)
    .join('\n');
  const rlimit = size.workerRlimitNofile
    ? `worker_rlimit_nofile ${size.workerRlimitNofile};\n`
    : '';
  return `daemon off;
worker_processes ${size.workerProcesses};
${rlimit}pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${size.workerConnections}; }
http {
  log_format cluster '$status [$upstream_status] $request_method $uri $upstream_addr';
  access_log ${size.accessLog ? `${dir}/access.log cluster` : 'off'};
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 100m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }

  upstream vexil {
${servers}
  }

  server {
${listen}

    # Set here once: a location with a proxy_set_header of its own inherits none of these, and a
    # hub upgrade without the browser's Host is refused as coming from another origin. The guide
    # has $host; $http_host keeps the port, which this test's address has and an https site not.
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_connect_timeout 2s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_next_upstream_timeout 10s;

    location / {
      proxy_pass http://vexil;
    }

    # Hubs and container sessions are long-lived WebSockets.
    location ~ ^/(hub|api/proxy)/ {
      proxy_pass http://vexil;
      proxy_read_timeout 2h;
      proxy_send_timeout 2h;
    }
  }
}
`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts nginx balancing over `upstreams` (`host:port`); resolves once it answers. */
export async function startBalancer(
  binary: string,
  upstreams: string[],
  size: BalancerSize = SMALL,
): Promise<Balancer> {
  const dir = await mkdtemp(join(tmpdir(), 'vexil-nginx-'));
  // As root, nginx's worker runs as `nobody` and must reach the temp folders inside.
  await chmod(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams, size));
  // -e: the error log of the start itself, before the configuration is read (not /var/log).
  const child: ChildProcess = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const urls = size.listen.map((address) => `http://${address}:${port}`);
  const url = urls[0];

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: a graceful stop (open WebSockets are closed); SIGKILL after a bound.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx exited at start: ${stderr.join('')}${log}`);
    }
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not answer on ${url}`);
      }
      await sleep(50);
    }
  }

  return {
    url,
    urls,
    async accessLog() {
      const text = await readFile(join(dir, 'access.log'), 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean);
    },
    stop,
  };
}
