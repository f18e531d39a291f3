/**
 * What `npm run bench -- hubs [options]` runs: how many sockets, instances and seconds, which
 * CPUs the servers and the load generator run on. Read once from the command line (after the
 * scenario's name), each with a BENCH_HUBS_* variable as its fallback.
 */
import { availableParallelism } from 'node:os';

export interface HubsOptions {
  /** Sockets on the players' hub of the game, over all instances (`--sockets`). */
  sockets: number;
  /** Sockets on the admins' hub, signed in as an admin (`--admins`). */
  admins: number;
  /** Sockets on the monitors' hub of the game, signed in as a monitor (`--monitors`). */
  monitors: number;
  /** Vexil instances; above 1, behind nginx with Redis and PostgreSQL (`--instances`). */
  instances: number;
  /** Seconds of pushes: a notice and a board change each second (`--seconds`). */
  seconds: number;
  /** Load-generator processes the sockets are spread over (`--workers`). */
  workers: number;
  /** Sockets being opened at once, per worker (`--opening`). */
  opening: number;
  /** CPUs of Vexil and of the bare server (`taskset -c`), or undefined: any (`--server-cpus`). */
  serverCpus?: string;
  /** CPUs of the load generator's workers, or undefined: any (`--load-cpus`). */
  loadCpus?: string;
  /** `sqlite` or `postgres` (`--database`); a cluster needs PostgreSQL. */
  database: 'sqlite' | 'postgres';
  /** Measure the bare reference too (`--no-bare` leaves it out). */
  bare: boolean;
  /** Teams seeded in the game, one player each; the players' sockets sign in as them. */
  teams: number;
  /** One players' socket in this many is anonymous (the others carry a player's session). */
  anonymousEvery: number;
}

type Env = Record<string, string | undefined>;

function flagValue(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  if (at >= 0) return argv[at + 1];
  const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

export function hubsOptions(argv: string[], env: Env = process.env): HubsOptions {
  const text = (name: string) =>
    flagValue(argv, name) ?? env[`BENCH_HUBS_${name.toUpperCase().replace(/-/g, '_')}`];
  const count = (name: string, fallback: number, least = 1) => {
    const raw = text(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < least) {
      throw new Error(`--${name} must be an integer of at least ${least}`);
    }
    return value;
  };
  const instances = count('instances', 1);
  const sockets = count('sockets', 10_000 * instances);
  // Pinned by default on a machine of 2 or more CPUs: one instance on the last CPU, its load on
  // the others, so the load generator's CPU is not the server's. A cluster is not pinned unless
  // asked: three instances, nginx, Redis and PostgreSQL have no core of their own to get.
  const cpus = availableParallelism();
  const pin = instances === 1 && cpus >= 2;
  const cpuList = (name: string, fallback: string | undefined) => {
    const value = text(name) ?? fallback;
    return value === 'all' ? undefined : value;
  };
  const database = (text('database') ?? (instances > 1 ? 'postgres' : 'sqlite')) as
    'sqlite' | 'postgres';
  if (database !== 'sqlite' && database !== 'postgres') {
    throw new Error('--database must be sqlite or postgres');
  }
  if (instances > 1 && database !== 'postgres') {
    throw new Error('A cluster shares one PostgreSQL database: --database postgres');
  }
  return {
    sockets,
    admins: count('admins', 20, 0),
    monitors: count('monitors', 20, 0),
    instances,
    seconds: count('seconds', 20),
    // Each worker holds at most ~7,500 sockets: well below the 20,000 descriptors a process may
    // have here, and a share small enough to read without falling behind.
    workers: count('workers', Math.max(2, Math.ceil(sockets / 7_500))),
    opening: count('opening', 32),
    serverCpus: cpuList('server-cpus', pin ? String(cpus - 1) : undefined),
    loadCpus: cpuList('load-cpus', pin ? (cpus === 2 ? '0' : `0-${cpus - 2}`) : undefined),
    database,
    bare: !argv.includes('--no-bare'),
    teams: count('teams', 1000),
    anonymousEvery: count('anonymous-every', 10),
  };
}
