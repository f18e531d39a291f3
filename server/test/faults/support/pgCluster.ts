/**
 * A PostgreSQL cluster of the test's own, which it may stop, start and restart at will (the
 * shared one of DATABASE_URL must never be): initdb in a temp folder with the newest binaries
 * under /usr/lib/postgresql/<version>/bin, as scripts/pg-throwaway.sh does. initdb refuses to
 * run as root, so as root (CI) every PostgreSQL program runs as the `postgres` user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN_ROOT = '/usr/lib/postgresql';

interface RunAs {
  uid: number;
  gid: number;
}

/** The binaries' folder and whom to run them as, or why the cluster cannot be made. */
export function postgresBinaries(): { binDir: string; runAs?: RunAs } | { missing: string } {
  const versions = existsSync(BIN_ROOT)
    ? readdirSync(BIN_ROOT)
        .filter((v) => existsSync(join(BIN_ROOT, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) {
    return { missing: `no PostgreSQL server binaries under ${BIN_ROOT}/*/bin` };
  }
  const binDir = join(BIN_ROOT, versions[versions.length - 1], 'bin');
  if (process.getuid?.() !== 0) return { binDir };
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { binDir, runAs: { uid: id('-u'), gid: id('-g') } };
  } catch {
    return { missing: 'running as root, and there is no `postgres` user to run PostgreSQL as' };
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

export interface PgCluster {
  port: number;
  /** Connection string of a database of the cluster (`postgres` by default). */
  url(database?: string): string;
  /** Creates a fresh database; answers its connection string. */
  createDatabase(): Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), then it accepts again. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: refused connections until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it at once and removes its folder. */
  destroy(): Promise<void>;
}

let databases = 0;

export async function startPgCluster(): Promise<PgCluster> {
  const binaries = postgresBinaries();
  if ('missing' in binaries) throw new Error(binaries.missing);
  const { binDir, runAs } = binaries;
  const dir = await mkdtemp(join(tmpdir(), 'vexil-faults-pg-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const port = await freePort();
  const data = join(dir, 'data');

  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(
        join(binDir, program),
        args,
        { cwd: dir, ...(runAs ?? {}), env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } },
        (error, _stdout, stderr) =>
          error
            ? reject(new Error(`${program} ${args.join(' ')}: ${stderr || error.message}`))
            : resolve(),
      );
    });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  // With a log file of its own: the server must not keep pg_ctl's output open (it outlives it).
  const serverArgs = ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w'];
  const start = () => run('pg_ctl', [...serverArgs, 'start']);
  const stopNow = () => {
    try {
      execFileSync(join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
        cwd: dir,
        ...(runAs ?? {}),
        stdio: 'ignore',
      });
    } catch {
      // not running
    }
  };

  await run('initdb', ['-D', data, '-U', 'vexil', '--auth=trust', '-E', 'UTF8']);
  await start();
  // A test that dies half-way must not leave a server behind.
  process.once('exit', stopNow);

  const url = (database = 'postgres') => `postgres://vexil@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase() {
      const name = `vexil_faults_${++databases}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    restart: () => run('pg_ctl', [...serverArgs, '-m', 'fast', 'restart']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    async destroy() {
      process.off('exit', stopNow);
      stopNow();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
