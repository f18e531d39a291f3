/**
 * One team pressing Start, as the player site does it: POST the container, and when the answer is
 * `Pending` without an entry (the server's start queue, issue 24), read the challenge every
 * `pollMs` until its `context.instanceEntry` is there or its `context.containerStart` says Failed;
 * then connect to the entry until the service answers. The same code measures the server before
 * the queue (the POST answers with the entry once the container runs) and after it.
 */
import type { SeededTeam } from '../event/seed.js';
import { teamHeaders } from '../event/traffic.js';
import { parseEntry, waitForAnswer } from './serviceAnswer.js';

export type StartOutcome =
  'ready' | 'refused' | 'no answer' | 'start failed' | 'no entry in time' | 'entry never answered';

export interface TeamStart {
  team: string;
  /** `performance.now()` when the POST left (for the destroy guard and the spread of the burst). */
  postedAt: number;
  /** POST → its answer, ms; null when none came (connection error, timeout). */
  answerMs: number | null;
  /** HTTP status of the POST; null without an answer. */
  status: number | null;
  /** The refusal's `title` (non-200), or the connection error. */
  problem?: string;
  /** The POST answered Pending without an entry. */
  pending: boolean;
  /** The queue position the POST gave, and the highest one the reads showed. */
  queuePosition?: number;
  highestPosition?: number;
  /** `containerStart.state` values the reads showed, in order of first sight. */
  startStates: string[];
  /** Reads of the challenge while Pending. */
  reads: number;
  entry?: string;
  /** POST → entry known, ms. */
  entryMs?: number;
  /** POST → first bytes of the service on the entry, ms. */
  readyMs?: number;
  outcome: StartOutcome;
}

export interface StartTarget {
  url: string;
  gameId: number;
  challengeId: number;
  /** How long after its POST a team still counts (ms). */
  timeoutMs: number;
  pollMs: number;
}

interface ContainerAnswer {
  status?: string;
  entry?: string;
  queuePosition?: number;
}

interface ChallengeAnswer {
  context?: {
    instanceEntry?: string | null;
    containerStart?: { state?: string; position?: number; reason?: string } | null;
  };
}

/**
 * The team's browser headers without a content type: these requests have no body, and a JSON
 * content type with an empty body would be refused before the route.
 */
export function bodylessHeaders(team: SeededTeam): Record<string, string> {
  const { 'content-type': _json, ...headers } = teamHeaders(team);
  return headers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function titleOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { title?: string };
    return body.title ?? text.slice(0, 120);
  } catch {
    return text.slice(0, 120) || response.statusText;
  }
}

/** Reads the challenge until an entry shows or the start failed; answers the entry or null. */
async function followPending(
  target: StartTarget,
  team: SeededTeam,
  result: TeamStart,
  deadline: number,
): Promise<string | null> {
  const path = `/api/game/${target.gameId}/challenges/${target.challengeId}`;
  while (performance.now() < deadline) {
    await sleep(target.pollMs);
    result.reads++;
    const response = await fetch(`${target.url}${path}`, {
      headers: bodylessHeaders(team),
      signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))),
    }).catch(() => null);
    if (!response?.ok) continue;
    const { context } = (await response.json()) as ChallengeAnswer;
    const start = context?.containerStart;
    if (start?.state && !result.startStates.includes(start.state)) {
      result.startStates.push(start.state);
    }
    if (typeof start?.position === 'number') {
      result.highestPosition = Math.max(result.highestPosition ?? 0, start.position);
    }
    if (context?.instanceEntry) return context.instanceEntry;
    if (start?.state === 'Failed') {
      result.problem = start.reason ?? 'Failed';
      result.outcome = 'start failed';
      return null;
    }
  }
  result.outcome = 'no entry in time';
  return null;
}

export async function startTeamContainer(
  target: StartTarget,
  team: SeededTeam,
): Promise<TeamStart> {
  const postedAt = performance.now();
  const deadline = postedAt + target.timeoutMs;
  const result: TeamStart = {
    team: team.name,
    postedAt,
    answerMs: null,
    status: null,
    pending: false,
    startStates: [],
    reads: 0,
    outcome: 'no answer',
  };
  const path = `/api/game/${target.gameId}/container/${target.challengeId}`;
  let response: Response;
  try {
    response = await fetch(`${target.url}${path}`, {
      method: 'POST',
      headers: bodylessHeaders(team),
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    result.problem = (error as Error).message;
    return result;
  }
  result.answerMs = performance.now() - postedAt;
  result.status = response.status;
  if (response.status !== 200) {
    result.problem = await titleOf(response);
    result.outcome = 'refused';
    return result;
  }
  const answer = (await response.json()) as ContainerAnswer;
  result.queuePosition = answer.queuePosition;
  let entry: string | null = answer.entry || null;
  if (!entry) {
    result.pending = true;
    entry = await followPending(target, team, result, deadline);
    if (!entry) return result;
  }
  result.entry = entry;
  result.entryMs = performance.now() - postedAt;
  const address = parseEntry(entry);
  const answered = address ? await waitForAnswer(address.host, address.port, deadline) : null;
  if (answered === null) {
    result.outcome = 'entry never answered';
    return result;
  }
  result.readyMs = answered - postedAt;
  result.outcome = 'ready';
  return result;
}
