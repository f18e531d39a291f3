/**
 * What one kind of socket (players', admins', monitors') received while the worker recorded,
 * worked out after the measurement from the raw arrivals: each invocation record is a message,
 * known by its text (the same bytes reach every socket it is meant for); its latency is the
 * arrival time less the server's own timestamp in the payload (a notice's or a log line's `time`,
 * a board update's `version`, which is its build's start). Parsed once per distinct record text.
 */

export interface KindTally {
  sockets: number;
  /** Sockets still open when the report was asked for. */
  openAtEnd: number;
  /** Sockets that closed while recording. */
  closedWhileRecording: number;
  /** Distinct messages received by at least one socket (their record text). */
  keys: string[];
  /** For each of `keys`, its first and last arrival at a socket of this worker (epoch ms). */
  firstAt: number[];
  lastAt: number[];
  /** For each socket, how many distinct messages it received. */
  perSocket: Uint32Array;
  /** Messages received in all (a message received twice counts twice). */
  received: number;
  /** Latencies in ms by hub method (`ReceivedGameNotice`…); messages without a timestamp left out. */
  latencies: Record<string, Float64Array>;
  /** Errors of the close records received, distinct, with how many sockets got each. */
  closeErrors: Record<string, number>;
}

interface Parsed {
  type: number;
  target?: string;
  /** The payload's timestamp (epoch ms), if it carries one. */
  stamp?: number;
  error?: string;
}

function parse(record: string): Parsed {
  const frame = JSON.parse(record) as {
    type: number;
    target?: string;
    arguments?: Array<{ time?: unknown; version?: unknown }>;
    error?: string;
  };
  const payload = frame.arguments?.[0];
  let stamp: number | undefined;
  if (typeof payload?.time === 'string') stamp = Date.parse(payload.time);
  else if (typeof payload?.time === 'number') stamp = payload.time;
  else if (typeof payload?.version === 'number') stamp = payload.version;
  return { type: frame.type, target: frame.target, stamp, error: frame.error };
}

export interface Recorded {
  socket: number;
  at: number;
  data: Buffer;
}

const INVOCATION = 1;
const CLOSE = 7;

/** Tallies the arrivals of `sockets` (indexes into `recorded[].socket`, all of one kind). */
export function tally(
  sockets: number[],
  recorded: Recorded[],
  isOpen: (socket: number) => boolean,
  closedWhileRecording: (socket: number) => boolean,
): KindTally {
  const position = new Map(sockets.map((socket, i) => [socket, i]));
  const parsed = new Map<string, Parsed>();
  const keyIds = new Map<string, number>();
  const seen = sockets.map(() => new Set<number>());
  const latencies = new Map<string, number[]>();
  const closeErrors: Record<string, number> = {};
  const firstAt: number[] = [];
  const lastAt: number[] = [];
  let received = 0;
  for (const { socket, at, data } of recorded) {
    const i = position.get(socket);
    if (i === undefined) continue;
    for (const record of data.toString('utf8').split('\x1e')) {
      if (!record) continue;
      let message = parsed.get(record);
      if (!message) {
        message = parse(record);
        parsed.set(record, message);
      }
      if (message.type === CLOSE) {
        const error = message.error ?? '(no error)';
        closeErrors[error] = (closeErrors[error] ?? 0) + 1;
      }
      if (message.type !== INVOCATION) continue;
      received++;
      let id = keyIds.get(record);
      if (id === undefined) {
        keyIds.set(record, (id = keyIds.size));
        firstAt.push(at);
        lastAt.push(at);
      }
      firstAt[id] = Math.min(firstAt[id], at);
      lastAt[id] = Math.max(lastAt[id], at);
      seen[i].add(id);
      if (message.stamp !== undefined && message.target) {
        let list = latencies.get(message.target);
        if (!list) latencies.set(message.target, (list = []));
        list.push(at - message.stamp);
      }
    }
  }
  return {
    sockets: sockets.length,
    openAtEnd: sockets.filter(isOpen).length,
    closedWhileRecording: sockets.filter(closedWhileRecording).length,
    keys: [...keyIds.keys()],
    firstAt,
    lastAt,
    perSocket: Uint32Array.from(seen, (set) => set.size),
    received,
    latencies: Object.fromEntries(
      [...latencies].map(([target, list]) => [target, Float64Array.from(list)]),
    ),
    closeErrors,
  };
}
