/**
 * Who may read `/metrics`: a client sending `Authorization: Bearer <VEXIL_METRICS_TOKEN>`, or one
 * whose address (the app's `request.ip`, which believes `X-Forwarded-For` only from
 * `VEXIL_TRUSTED_PROXIES`) is in `VEXIL_METRICS_ALLOW` (addresses and CIDRs). Without either
 * setting the endpoint does not exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface MetricsConfig {
  /** `VEXIL_METRICS_TOKEN`: the bearer token scrapers send. */
  token?: string;
  /** `VEXIL_METRICS_ALLOW`: addresses and CIDRs answered without a token. */
  allow: string[];
}

export type MetricsAccess = 'granted' | 'unauthenticated' | 'forbidden';

const MIN_TOKEN_LENGTH = 16;

/** Reads the settings; throws on a short token or an entry that is no address or CIDR. */
export function metricsConfig(env: Record<string, string | undefined>): MetricsConfig {
  const token = env.VEXIL_METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < MIN_TOKEN_LENGTH)
    throw new Error(`VEXIL_METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters long`);
  const allow = (env.VEXIL_METRICS_ALLOW ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  allowList(allow); // refuses what it cannot read
  return { token, allow };
}

function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    const prefix = bits === undefined ? undefined : Number(bits);
    const widest = type === 'ipv4' ? 32 : 128;
    if (
      !type ||
      extra !== undefined ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= widest))
    )
      throw new Error(`VEXIL_METRICS_ALLOW: "${entry}" is not an address or a CIDR`);
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Decides a request's access from its Authorization header and its client address. */
export function metricsAccessCheck(
  config: MetricsConfig,
): (authorization: string | undefined, ip: string) => MetricsAccess {
  const list = allowList(config.allow);
  const expected = config.token ? digest(config.token) : undefined;
  return (authorization, ip) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (bearer !== undefined) {
      // Compared as digests, in constant time, whatever the length sent.
      return expected && timingSafeEqual(digest(bearer), expected) ? 'granted' : 'forbidden';
    }
    if (config.allow.length > 0 && allowed(list, ip)) return 'granted';
    // A token would let the client in: ask for it; else its address is what is wrong.
    return expected ? 'unauthenticated' : 'forbidden';
  };
}

function allowed(list: BlockList, ip: string): boolean {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return list.check(mapped, 'ipv4') || list.check(ip, 'ipv6');
  if (isIPv4(ip)) return list.check(ip, 'ipv4');
  return isIPv6(ip) && list.check(ip, 'ipv6');
}
