/**
 * The page's conversation with the tunnel daemon (seed §4, tunnel contract §2.7), outside React:
 *
 * - connect (debounced 100 ms): check the version, read the state, register the site if the
 *   daemon does not know it, then poll `GET /connect` every 3 s. Invalid stops polling until
 *   the next connect (the retry button, a settings change).
 * - while Usable, re-read the instance list on the connect and every fifth poll.
 * - map a platform-proxy URL to a local port (`POST /pool`), once per URL, reusing a known tunnel
 *   when it listens where the player wants it (this computer only, or the local network).
 *
 * It is idle until something activates it, so pages without a proxied instance never call the
 * daemon. Errors and the valid→invalid change go to the reporter; the first connect's
 * "unavailable" is reported as initial, for the caller to keep quiet.
 */
import {
  createTunnelClient,
  type TunnelClient,
  type TunnelInstance,
  type TunnelRegistration,
} from './client';
import { TunnelError } from './errors';
import {
  isSyncPoll,
  isValidState,
  TUNNEL_CONNECT_DEBOUNCE_MS,
  TUNNEL_FEATURES,
  TUNNEL_POLL_INTERVAL_MS,
  type TunnelState,
} from './states';

export type MappingStatus = { phase: 'adding' } | { phase: 'failed'; error: unknown };

export interface TunnelSnapshot {
  state: TunnelState;
  /** A connect has finished at least once since the last activation or address change. */
  checked: boolean;
  connecting: boolean;
  /** The daemon's version, once checked. */
  version?: string;
  instances: readonly TunnelInstance[];
  /** Per proxy URL, a mapping being made or the failure of the last one. */
  mappings: Readonly<Record<string, MappingStatus>>;
}

export interface TunnelReporter {
  onError: (error: unknown, context: { initial: boolean }) => void;
  onWentOffline: () => void;
}

const LOOPBACK = '127.0.0.1';
const ANY_ADDRESS = '0.0.0.0';
const hostOf = (local: string) => local.slice(0, local.lastIndexOf(':')).replace(/^\[|\]$/g, '');

/** The tunnel of `remote` listening on loopback, or on every interface with `allowLan`. */
export function findTunnel(
  instances: readonly TunnelInstance[],
  remote: string,
  allowLan: boolean,
): TunnelInstance | undefined {
  const host = allowLan ? ANY_ADDRESS : LOOPBACK;
  return instances.find((i) => i.remote === remote && hostOf(i.local) === host);
}

const INITIAL: TunnelSnapshot = {
  state: 'Invalid',
  checked: false,
  connecting: false,
  instances: [],
  mappings: {},
};

export class TunnelSession {
  private snapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private client: TunnelClient;
  private registration: TunnelRegistration = { name: '', features: TUNNEL_FEATURES };
  private reporter: TunnelReporter = { onError: () => {}, onWentOffline: () => {} };
  private active = false;
  private attempts = 0;
  /** Bumped by every connect and stop; answers of an older one are dropped. */
  private generation = 0;
  /** Bumped when the session stops or changes address; mappings of an older one are dropped. */
  private epoch = 0;
  private usablePolls = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly adding = new Map<string, Promise<void>>();

  constructor(
    api: string,
    private readonly makeClient: (api: string) => TunnelClient = createTunnelClient,
  ) {
    this.client = makeClient(api);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  setRegistration(registration: TunnelRegistration) {
    this.registration = registration;
  }

  setReporter(reporter: TunnelReporter) {
    this.reporter = reporter;
  }

  /** Starts talking to the daemon, once; later calls do nothing. */
  activate = () => {
    if (this.active) return;
    this.active = true;
    this.connect();
  };

  /** Connects (again), 100 ms after the last call. */
  connect = () => {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => void this.runConnect(), TUNNEL_CONNECT_DEBOUNCE_MS);
  };

  /** Points the session at another daemon address. */
  setApi(api: string) {
    if (api.trim().replace(/\/+$/, '') === this.client.api) return;
    this.halt();
    this.client = this.makeClient(api);
    this.update({ ...INITIAL });
    if (this.active) this.connect();
  }

  /** Stops every timer; a later `activate` starts again. */
  stop = () => {
    this.active = false;
    this.halt();
  };

  /** Makes sure `remote` has a tunnel listening where wanted; a failed mapping waits for `retry`. */
  ensureMapped(remote: string, { label, allowLan }: { label?: string; allowLan: boolean }) {
    const status = this.snapshot.mappings[remote];
    if (this.snapshot.state !== 'Usable' || status || this.findMapping(remote, allowLan)) return;
    if (!this.adding.has(remote)) this.adding.set(remote, this.map(remote, label, allowLan));
  }

  retryMapping(remote: string, options: { label?: string; allowLan: boolean }) {
    if (this.snapshot.mappings[remote]?.phase !== 'failed') return;
    this.setMapping(remote, undefined);
    this.ensureMapped(remote, options);
  }

  findMapping(remote: string, allowLan: boolean): TunnelInstance | undefined {
    return findTunnel(this.snapshot.instances, remote, allowLan);
  }

  private async map(remote: string, label: string | undefined, allowLan: boolean) {
    const epoch = this.epoch;
    const local = `${allowLan ? ANY_ADDRESS : LOOPBACK}:0`;
    this.setMapping(remote, { phase: 'adding' });
    try {
      const known = this.snapshot.instances.find((i) => i.remote === remote);
      if (known) await this.client.removeFromPool(known.local);
      let added = await this.client.addToPool({ remote, local, label });
      // The daemon hands back an existing tunnel for the same URL, wherever it listens.
      if (hostOf(added.local) !== hostOf(local)) {
        await this.client.removeFromPool(added.local);
        added = await this.client.addToPool({ remote, local, label });
      }
      if (epoch !== this.epoch) return;
      const others = this.snapshot.instances.filter((i) => i.remote !== remote);
      this.update({ instances: [...others, added] });
      this.setMapping(remote, undefined);
    } catch (error) {
      if (epoch !== this.epoch) return;
      this.setMapping(remote, { phase: 'failed', error });
      this.reporter.onError(error, { initial: false });
    } finally {
      if (epoch === this.epoch) this.adding.delete(remote);
    }
  }

  private async runConnect() {
    if (!this.active) return;
    const generation = ++this.generation;
    const initial = this.attempts++ === 0;
    clearTimeout(this.pollTimer);
    this.update({ connecting: true });
    try {
      const version = await this.client.checkVersion();
      let state = await this.client.connectState();
      if (state === 'Invalid') {
        await this.client.register(this.registration);
        state = await this.client.connectState();
      }
      this.usablePolls = 0;
      // The known tunnels are read before the state says Usable, so none is added twice.
      if (state === 'Usable') await this.syncOnPoll(generation);
      if (generation !== this.generation) return;
      this.update({ version, connecting: false, checked: true });
      this.setState(state);
      if (state !== 'Invalid') this.schedulePoll(generation);
    } catch (error) {
      if (generation !== this.generation) return;
      this.update({ connecting: false, checked: true });
      this.setState('Invalid');
      const quiet = initial && error instanceof TunnelError && error.kind === 'daemon_unavailable';
      if (!quiet) this.reporter.onError(error, { initial });
    }
  }

  private schedulePoll(generation: number) {
    this.pollTimer = setTimeout(() => void this.poll(generation), TUNNEL_POLL_INTERVAL_MS);
  }

  private async poll(generation: number) {
    const state = await this.client.connectState().catch((): TunnelState => 'Invalid');
    if (generation !== this.generation) return;
    if (state === 'Usable') await this.syncOnPoll(generation);
    else this.usablePolls = 0;
    if (generation !== this.generation) return;
    this.setState(state);
    if (state !== 'Invalid') this.schedulePoll(generation);
  }

  private async syncOnPoll(generation: number) {
    if (!isSyncPoll(this.usablePolls++)) return;
    try {
      const instances = await this.client.listPool();
      if (generation === this.generation) this.update({ instances });
    } catch (error) {
      if (generation === this.generation) this.reporter.onError(error, { initial: false });
    }
  }

  private setState(state: TunnelState) {
    const previous = this.snapshot.state;
    if (state === previous) return;
    // Tunnels are unknown while the daemon is not usable; they are read again when it is.
    this.update(state === 'Usable' ? { state } : { state, instances: [], mappings: {} });
    if (isValidState(previous) && !isValidState(state)) this.reporter.onWentOffline();
  }

  private setMapping(remote: string, status: MappingStatus | undefined) {
    const { [remote]: _old, ...rest } = this.snapshot.mappings;
    this.update({ mappings: status ? { ...rest, [remote]: status } : rest });
  }

  private halt() {
    this.generation++;
    this.epoch++;
    clearTimeout(this.debounceTimer);
    clearTimeout(this.pollTimer);
    this.adding.clear();
    this.update({ connecting: false, mappings: {} });
  }

  private update(patch: Partial<TunnelSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
