/**
 * The tunnel daemon's rules as the seed states them (§4, §5, §9): connection states, the version
 * check and the polling cadence. Pure, so the session and the tests share them.
 */

/** Invalid: no daemon or the site is unknown to it. Pending: the user has not accepted the site yet. */
export type TunnelState = 'Invalid' | 'Pending' | 'Usable';

export const TUNNEL_DEFAULT_API = 'http://127.0.0.1:3307';
export const TUNNEL_FEATURES: readonly string[] = ['basic', 'pingfall'];
export const TUNNEL_POLL_INTERVAL_MS = 3_000;
/** While Usable, the instance list is re-read on every fifth poll. */
export const TUNNEL_SYNC_EVERY_POLLS = 5;
export const TUNNEL_CONNECT_DEBOUNCE_MS = 100;
export const TUNNEL_MIN_VERSION = '0.4';

/** `GET /connect`: 202 Usable, 201 Pending, anything else Invalid. */
export function stateFromConnectStatus(status: number): TunnelState {
  if (status === 202) return 'Usable';
  if (status === 201) return 'Pending';
  return 'Invalid';
}

export const isValidState = (state: TunnelState) => state !== 'Invalid';

/** The version in a `GET /version` body: a bare string (wsrx) or an object with `version`. */
export function versionOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body === 'object' && body !== null && 'version' in body) {
    const { version } = body as { version: unknown };
    if (typeof version === 'string') return version.trim() || undefined;
  }
  return undefined;
}

/** Compares dotted versions numerically ("0.10.0" is above "0.4"); a non-number part fails. */
export function isVersionAtLeast(version: string, minimum: string = TUNNEL_MIN_VERSION): boolean {
  const parse = (text: string) => text.replace(/^v/i, '').split(/[.+-]/).slice(0, 3).map(Number);
  const have = parse(version);
  const need = parse(minimum);
  if (have.some((part) => !Number.isInteger(part) || part < 0)) return false;
  for (let i = 0; i < need.length; i++) {
    const part = have[i] ?? 0;
    if (part !== need[i]) return part > need[i];
  }
  return true;
}

/** Whether the n-th Usable poll (0 = the connect itself) re-reads the instance list. */
export const isSyncPoll = (usablePolls: number) => usablePolls % TUNNEL_SYNC_EVERY_POLLS === 0;
