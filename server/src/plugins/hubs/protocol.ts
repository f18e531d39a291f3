/**
 * The SignalR JSON hub protocol, version 1, as far as push-only hubs need it: text frames ended by
 * the record separator 0x1E, the handshake, and the message types a server sends or must accept.
 * Timestamps in payloads are ISO-8601 strings here (REST sends epoch milliseconds).
 */
import type { HubMessage, HubTarget } from '../../services/realtime.js';

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface HubFrame {
  type?: number;
  invocationId?: string;
  target?: string;
  [key: string]: unknown;
}

/** One record: the JSON text followed by the separator. */
export const frame = (value: unknown) => `${JSON.stringify(value)}${RECORD_SEPARATOR}`;

/** Records sent to many sockets, as bytes: the same Buffer goes to each, never encoded again. */
export const PING = Buffer.from(frame({ type: MessageType.Ping }));
export const HANDSHAKE_OK = Buffer.from(frame({}));

export const closeFrame = (error?: string, allowReconnect = false) =>
  frame(
    error === undefined
      ? { type: MessageType.Close, allowReconnect }
      : { type: MessageType.Close, error, allowReconnect },
  );

/**
 * Splits incoming text into complete records; a record cut between two WebSocket messages waits
 * in the buffer for the rest.
 */
export class RecordReader {
  private pending = '';

  constructor(private readonly maxPending = 64 * 1024) {}

  push(text: string): string[] {
    // The app's WebSocket server admits larger messages (for the proxy); hubs never need them.
    if (text.length > this.maxPending) throw new Error('Message too large');
    const parts = (this.pending + text).split(RECORD_SEPARATOR);
    this.pending = parts.pop() ?? '';
    if (this.pending.length > this.maxPending) throw new Error('Message too large');
    return parts;
  }
}

export type Handshake = { ok: true } | { ok: false; error: string };

/** Checks the client's first record: `{"protocol":"json","version":1}`. */
export function readHandshake(record: string): Handshake {
  let request: { protocol?: unknown; version?: unknown };
  try {
    request = JSON.parse(record) as typeof request;
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (request?.protocol !== 'json') {
    return { ok: false, error: `The protocol '${String(request?.protocol)}' is not supported.` };
  }
  if (request.version !== 1) {
    return {
      ok: false,
      error: `The server does not support version ${String(request.version)} of the 'json' protocol.`,
    };
  }
  return { ok: true };
}

export function readFrame(record: string): HubFrame | null {
  try {
    const value = JSON.parse(record) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as HubFrame)
      : null;
  } catch {
    return null;
  }
}

/** Epoch-ms fields each target's payload carries, sent as ISO strings on the hubs. */
export const HUB_TIME_FIELDS: Record<HubTarget, readonly string[]> = {
  ReceivedGameNotice: ['time'],
  ReceivedGameEvent: ['time'],
  ReceivedSubmissions: ['time'],
  ReceivedLog: ['time'],
  ReceivedScoreboardUpdate: [],
  ReceivedRegistrationChange: [],
  ReceivedChallengeUnlock: [],
};

/** `2024-11-20T07:58:14.123+00:00`: ISO-8601 with an explicit offset, as the contract shows. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '+00:00');

export function toHubPayload(target: HubTarget, payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const copy = { ...(payload as Record<string, unknown>) };
  for (const field of HUB_TIME_FIELDS[target]) {
    const value = copy[field];
    if (typeof value === 'number' && Number.isFinite(value)) copy[field] = isoTime(value);
  }
  return copy;
}

// Every connection in a group gets the same message object: encode it once, to the bytes every
// socket is sent (a string would be encoded to UTF-8 again for each of them).
const encoded = new WeakMap<HubMessage, Buffer>();

export function invocationFrame(message: HubMessage): Buffer {
  let bytes = encoded.get(message);
  if (bytes === undefined) {
    bytes = Buffer.from(
      frame({
        type: MessageType.Invocation,
        target: message.target,
        arguments: [toHubPayload(message.target, message.payload)],
      }),
    );
    encoded.set(message, bytes);
  }
  return bytes;
}
