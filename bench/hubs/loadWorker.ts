/**
 * One process of the hubs bench's load generator (started by fleet.ts, pinned to the load CPUs):
 * holds its share of the sockets and answers the bench over IPC. `open` opens the sockets it is
 * given, a few at a time; `record` starts keeping what arrives (arrival time and bytes, nothing
 * else while the pushes run), `lastArrival` answers when something last arrived, `stop` ends it;
 * `report` tallies it by kind of socket
 * (records.ts); `close` drops every socket. Each socket pings every 15 s, as SignalR clients do
 * (the server drops a client silent for 30 s), driven by one timer for all of them.
 */
import { arrivalClock, HubSocket, PING, type HubAddress } from './hubClient.js';
import { tally, type KindTally, type Recorded } from './records.js';

export type SocketKind = 'players' | 'admins' | 'monitors';

export interface SocketSpec extends HubAddress {
  kind: SocketKind;
}

export interface Opened {
  opened: number;
  failed: number;
  /** Failure reasons, with how many sockets each. */
  errors: Record<string, number>;
}

export type WorkerReport = Partial<Record<SocketKind, KindTally>>;

const PING_EVERY_S = 15;

let sockets: HubSocket[] = [];
let kinds: SocketKind[] = [];
let recording = false;
let recorded: Recorded[] = [];
let startedAt = Infinity;
let stoppedAt = Infinity;
/** When the last message arrived while recording (the bench waits for the arrivals to stop). */
let lastArrivalAt = 0;

const keep = (socket: HubSocket, data: Buffer) => {
  // A server's ping alone is neither measured nor waited for (old servers pinged every socket
  // every 15 s whatever else they sent, so arrivals never stopped).
  if (!recording || (data.length === PING.length && data.equals(PING))) return;
  lastArrivalAt = arrivalClock();
  recorded.push({ socket: socket.index, at: lastArrivalAt, data });
};

async function open(specs: SocketSpec[], opening: number): Promise<Opened> {
  const errors: Record<string, number> = {};
  let next = 0;
  let opened = 0;
  const lane = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      const socket = new HubSocket(sockets.length, spec, keep);
      sockets.push(socket);
      kinds.push(spec.kind);
      try {
        await socket.open();
        opened++;
      } catch (error) {
        const reason = (error as Error).message;
        errors[reason] = (errors[reason] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: opening }, lane));
  return { opened, failed: specs.length - opened, errors };
}

function report(): WorkerReport {
  const byKind = new Map<SocketKind, number[]>();
  kinds.forEach((kind, index) => {
    const list = byKind.get(kind) ?? [];
    list.push(index);
    byKind.set(kind, list);
  });
  const result: WorkerReport = {};
  for (const [kind, indexes] of byKind) {
    result[kind] = tally(
      indexes,
      recorded,
      (index) => sockets[index].isOpen,
      (index) => {
        const at = sockets[index].closedAt;
        return at !== undefined && at >= startedAt && at <= stoppedAt;
      },
    );
  }
  return result;
}

let tick = 0;
setInterval(() => {
  tick = (tick + 1) % PING_EVERY_S;
  for (let i = tick; i < sockets.length; i += PING_EVERY_S) sockets[i].ping();
}, 1000).unref();

type Request =
  | { id: number; type: 'open'; specs: SocketSpec[]; opening: number }
  | { id: number; type: 'record' | 'stop' | 'report' | 'close' | 'lastArrival' };

process.on('message', (request: Request) => {
  const answer = (body: object = {}) => process.send?.({ id: request.id, ...body });
  switch (request.type) {
    case 'open':
      void open(request.specs, request.opening).then(answer);
      return;
    case 'record':
      recorded = [];
      startedAt = arrivalClock();
      stoppedAt = Infinity;
      recording = true;
      return answer();
    case 'stop':
      recording = false;
      stoppedAt = arrivalClock();
      return answer();
    case 'report':
      return answer({ report: report() });
    case 'lastArrival':
      return answer({ at: lastArrivalAt });
    case 'close':
      void Promise.all(sockets.map((socket) => socket.close())).then(() => {
        sockets = [];
        kinds = [];
        recorded = [];
        answer();
      });
      return;
  }
});
// Gone with the bench.
process.once('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
