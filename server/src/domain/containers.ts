/**
 * The rules of challenge containers (behaviour §7): which challenges have one, the 10-second guard
 * between operations on one instance, the team limit, the renewal window, what players see as the
 * entry, and the labels that mark a container as this platform's. Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';

type Schemas = components['schemas'];
export type ContainerInfoModel = Schemas['ContainerInfoModel'];
export type PortMapping = Schemas['ContainerPortMappingType'];

const MINUTE = 60_000;

/** Least time between two creates/destroys of one instance's container. */
export const CONTAINER_OPERATION_GAP_MS = 10 * 1000;

/** An organiser's test container lives this long, whatever the policy says. */
export const TEST_CONTAINER_LIFETIME_MS = 120 * MINUTE;

/** The team id a test container is started with. */
export const TEST_CONTAINER_TEAM = 'admin';

/** Environment variables a container receives. */
export const FLAG_VARIABLE = 'FLAG';
export const TEAM_ID_VARIABLE = 'VEXIL_TEAM_ID';

export const isContainerChallenge = (type: Schemas['ChallengeType']): boolean =>
  type === 'StaticContainer' || type === 'DynamicContainer';

/** Seconds until the guard lets the next operation through (at least 1). */
export function guardRetryAfter(lastOperation: number | null, now: number): number {
  const left = (lastOperation ?? 0) + CONTAINER_OPERATION_GAP_MS - now;
  return Math.max(1, Math.ceil(left / 1000));
}

export type LimitDecision = 'create' | 'destroyOldest' | 'refuse';

/** What the team limit says about one more container (a limit of 0 means none). */
export function teamLimitDecision(
  running: number,
  limit: number,
  autoDestroyOnLimitReached: boolean,
): LimitDecision {
  if (limit <= 0 || running < limit) return 'create';
  return autoDestroyOnLimitReached ? 'destroyOldest' : 'refuse';
}

/** Latest planned stop that may still be extended: the renewal window is open from then on. */
export const latestExtensibleStop = (now: number, renewalWindowMinutes: number): number =>
  now + renewalWindowMinutes * MINUTE;

export const minutes = (count: number): number => count * MINUTE;

/** Traffic is recorded only for proxied containers of a capturing challenge, capture on. */
export const recordsTraffic = (
  globalCapture: boolean,
  challengeCapture: boolean,
  isProxy: boolean,
): boolean => globalCapture && challengeCapture && isProxy;

export interface EntrySource {
  id: string;
  ip: string;
  port: number;
  publicIp: string | null;
  publicPort: number | null;
  isProxy: boolean;
}

/** What a player connects to: the GUID through the platform proxy, else `host:port`. */
export const containerEntry = (c: EntrySource): string =>
  c.isProxy ? c.id : `${c.publicIp ?? c.ip}:${c.publicPort ?? c.port}`;

export const toContainerInfo = (
  c: EntrySource & { startedAt: number; expectStopAt: number },
): ContainerInfoModel => ({
  status: 'Running',
  startedAt: c.startedAt,
  expectStopAt: c.expectStopAt,
  entry: containerEntry(c),
});

/** Labels every container of this platform carries; `owner` tells deployments apart. */
export const LABELS = {
  owner: 'vexil.owner',
  instance: 'vexil.instance',
  challenge: 'vexil.challenge',
  game: 'vexil.game',
  team: 'vexil.team',
  /** The team start (`container_starts.id`) that made it: found again before a retry. */
  start: 'vexil.start',
} as const;

export function containerLabels(input: {
  owner: string;
  id: string;
  challengeId: number;
  gameId: number;
  team: string;
  startId?: number;
}): Record<string, string> {
  return {
    [LABELS.owner]: input.owner,
    [LABELS.instance]: input.id,
    [LABELS.challenge]: String(input.challengeId),
    [LABELS.game]: String(input.gameId),
    [LABELS.team]: input.team,
    ...(input.startId === undefined ? {} : { [LABELS.start]: String(input.startId) }),
  };
}

/** A back-end name that tells organisers what runs there and never collides. */
export const containerName = (challengeId: number, id: string): string =>
  `vexil-${challengeId}-${id.slice(0, 8)}`;

/**
 * The back-end name of a team start's container: the same for every try of one start, so the
 * engine refuses a second container of it while an earlier try's is still there (a hang-up may
 * leave one made); the owner's prefix keeps deployments sharing an engine apart.
 */
export const startContainerName = (challengeId: number, owner: string, startId: number): string =>
  `vexil-${challengeId}-${owner.slice(0, 8)}-s${startId}`;
