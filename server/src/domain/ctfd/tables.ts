/**
 * The tables of a CTFd 3.x export that a game import reads (`db/<table>.json`, each
 * `{"count": N, "results": [...]}`; CTFd writes an empty file for an empty table). Rows are read
 * defensively — CTFd plugins add columns and types — and only the columns the import maps are
 * kept. Pure: the bytes come from the caller.
 */
import { InvalidInput } from '../errors.js';

export interface CtfdChallenge {
  id: number;
  name: string;
  description: string;
  connectionInfo: string | null;
  attribution: string | null;
  maxAttempts: number;
  value: number;
  category: string;
  type: string;
  state: string;
  /** Dynamic scoring in the challenge row (CTFd ≥ 3.6); null for older exports. */
  initial: number | null;
  minimum: number | null;
  decay: number | null;
  function: string | null;
  /** `requirements`: `{prerequisites: [ids], anonymize?: bool}` or null. */
  prerequisites: number[];
  anonymize: boolean;
  nextId: number | null;
}

export interface CtfdFlag {
  id: number;
  challengeId: number;
  type: string;
  content: string;
  data: string;
}

export interface CtfdHint {
  id: number;
  challengeId: number;
  content: string;
  cost: number;
  title: string | null;
  /** Hints that must be unlocked first (CTFd hint requirements). */
  prerequisites: number[];
}

export interface CtfdFile {
  id: number;
  type: string;
  location: string;
  challengeId: number | null;
}

export interface CtfdDynamic {
  id: number;
  initial: number;
  minimum: number;
  decay: number;
  function: string;
}

export interface CtfdTag {
  challengeId: number;
  value: string;
}

export interface CtfdTables {
  challenges: CtfdChallenge[];
  flags: CtfdFlag[];
  hints: CtfdHint[];
  files: CtfdFile[];
  tags: CtfdTag[];
  /** `dynamic_challenge` (CTFd < 3.6 keeps dynamic scoring only there), by challenge id. */
  dynamic: Map<number, CtfdDynamic>;
  /** `config` as key → value. */
  config: Map<string, string | null>;
  /** How many rows each table holds (for the tables an import leaves out). */
  counts: Map<string, number>;
}

type Row = Record<string, unknown>;

const int = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
const intOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];

/** `requirements` is a JSON object, or (in some exports) that object as a JSON string. */
function requirementsOf(value: unknown): { prerequisites: number[]; anonymize: boolean } {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  const object = parsed && typeof parsed === 'object' ? (parsed as Row) : {};
  return { prerequisites: ids(object.prerequisites), anonymize: object.anonymize === true };
}

/** The rows of one table file; an empty file is an empty table. */
export function tableRows(name: string, bytes: Buffer | undefined): Row[] {
  if (!bytes || bytes.length === 0 || bytes.toString('utf8').trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidInput(`db/${name}.json is not JSON`);
  }
  const results = (parsed as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) {
    throw new InvalidInput(`db/${name}.json is not a CTFd table (no "results" list)`);
  }
  return results.filter((row): row is Row => row !== null && typeof row === 'object');
}

const toChallenge = (row: Row): CtfdChallenge => ({
  id: int(row.id),
  name: text(row.name),
  description: text(row.description),
  connectionInfo: textOrNull(row.connection_info),
  attribution: textOrNull(row.attribution),
  maxAttempts: int(row.max_attempts),
  value: int(row.value),
  category: text(row.category),
  type: text(row.type) || 'standard',
  state: text(row.state) || 'visible',
  initial: intOrNull(row.initial),
  minimum: intOrNull(row.minimum),
  decay: intOrNull(row.decay),
  function: textOrNull(row.function),
  ...requirementsOf(row.requirements),
  nextId: intOrNull(row.next_id),
});

/** Every table the import reads, from the export's `db/` entries (by table name). */
export function readCtfdTables(entries: Map<string, Buffer>): CtfdTables {
  if (!entries.has('challenges')) {
    throw new InvalidInput('This is not a CTFd export: it has no db/challenges.json');
  }
  const rows = (name: string) => tableRows(name, entries.get(name));
  const counts = new Map<string, number>();
  for (const name of entries.keys()) counts.set(name, rows(name).length);
  return {
    challenges: rows('challenges').map(toChallenge),
    flags: rows('flags').map((row) => ({
      id: int(row.id),
      challengeId: int(row.challenge_id),
      type: text(row.type) || 'static',
      content: text(row.content),
      data: text(row.data),
    })),
    hints: rows('hints').map((row) => ({
      id: int(row.id),
      challengeId: int(row.challenge_id),
      content: text(row.content),
      cost: int(row.cost),
      title: textOrNull(row.title),
      prerequisites: requirementsOf(row.requirements).prerequisites,
    })),
    files: rows('files').map((row) => ({
      id: int(row.id),
      type: text(row.type),
      location: text(row.location),
      challengeId: intOrNull(row.challenge_id),
    })),
    tags: rows('tags').map((row) => ({
      challengeId: int(row.challenge_id),
      value: text(row.value),
    })),
    dynamic: new Map(
      rows('dynamic_challenge').map((row) => [
        int(row.id),
        {
          id: int(row.id),
          initial: int(row.dynamic_initial ?? row.initial),
          minimum: int(row.dynamic_minimum ?? row.minimum),
          decay: int(row.dynamic_decay ?? row.decay),
          function: text(row.dynamic_function ?? row.function) || 'logarithmic',
        },
      ]),
    ),
    config: new Map(rows('config').map((row) => [text(row.key), textOrNull(row.value)])),
    counts,
  };
}
