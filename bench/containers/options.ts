/**
 * The containers bench's options, from the command line after the scenario's name
 * (`npm run bench -- containers --teams 30 --provider swarm --starts 4`). Every option has a
 * default that runs the measurement (issue 24); `--help` lists them.
 */
import type { DialectName } from '../../server/src/db/database.js';

export type BenchProvider = 'docker' | 'swarm';

export interface ContainerBenchOptions {
  /** Teams pressing Start in the same second (`--teams`). */
  teams: number;
  /** Engines to run on, in order (`--provider docker|swarm|both`). */
  providers: BenchProvider[];
  /**
   * `VEXIL_CONTAINER_STARTS` for the server process, one run per value (`--starts 2,4,8,16`);
   * undefined: one run, the variable not set by the bench.
   */
  starts?: number[];
  /** Bare single starts timed as the reference (`--singles`). */
  singles: number;
  /** Also time T bare starts at once, what the engine itself does with the burst (`--no-flood`). */
  flood: boolean;
  /** A team not ready this long after its POST counts as not ready (`--timeout`, seconds). */
  timeoutSeconds: number;
  /** How often a Pending start is read again (`--poll`, ms): the 200 ms. */
  pollMs: number;
  /** Vexil's database (`--database`): PostgreSQL when DATABASE_URL is set, else SQLite. */
  database: DialectName;
  /** Also write the raw figures as JSON here (`--output`). */
  output?: string;
}

export const USAGE = `npm run bench -- containers [options]
  --teams <n>        teams starting their container in the same second (default 100)
  --provider <p>     docker, swarm or both (default both, Docker first)
  --starts <n,…>     VEXIL_CONTAINER_STARTS for the server, one run per value on each engine
                     (default: not set, the server's default)
  --singles <n>      bare single starts timed as the reference (default 5)
  --no-flood         skip the bare flood (T bare starts at once, before Vexil's run)
  --timeout <s>      a team not ready this long after its POST is not ready (default 180)
  --poll <ms>        pause between two reads of a Pending start (default 200)
  --database <d>     sqlite or postgres (default postgres when DATABASE_URL is set, else sqlite)
  --output <file>    also write the raw figures as JSON`;

function positiveInteger(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} takes a positive integer`);
  return value;
}

function providersOf(raw: string): BenchProvider[] {
  if (raw === 'both') return ['docker', 'swarm'];
  if (raw === 'docker' || raw === 'swarm') return [raw];
  throw new Error('--provider takes docker, swarm or both');
}

export function containerBenchOptions(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): ContainerBenchOptions {
  const options: ContainerBenchOptions = {
    teams: 100,
    providers: ['docker', 'swarm'],
    singles: 5,
    flood: true,
    timeoutSeconds: 180,
    pollMs: 200,
    database: env.DATABASE_URL ? 'postgres' : 'sqlite',
  };
  for (let i = 0; i < args.length; i++) {
    const name = args[i];
    const value = args[i + 1];
    const take = () => {
      if (value === undefined) throw new Error(`${name} needs a value`);
      i++;
      return value;
    };
    switch (name) {
      case '--teams':
        options.teams = positiveInteger(name, take());
        break;
      case '--provider':
        options.providers = providersOf(take());
        break;
      case '--starts':
        options.starts = take()
          .split(',')
          .map((value) => positiveInteger(name, value));
        break;
      case '--singles':
        options.singles = positiveInteger(name, take());
        break;
      case '--no-flood':
        options.flood = false;
        break;
      case '--timeout':
        options.timeoutSeconds = positiveInteger(name, take());
        break;
      case '--poll':
        options.pollMs = positiveInteger(name, take());
        break;
      case '--database': {
        const database = take();
        if (database !== 'sqlite' && database !== 'postgres') {
          throw new Error('--database takes sqlite or postgres');
        }
        if (database === 'postgres' && !env.DATABASE_URL) {
          throw new Error('--database postgres needs DATABASE_URL');
        }
        options.database = database;
        break;
      }
      case '--output':
        options.output = take();
        break;
      default:
        throw new Error(`Unknown option ${name}\n${USAGE}`);
    }
  }
  return options;
}
