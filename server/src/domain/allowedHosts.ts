/**
 * Whether a request's host (`Host` header, or `X-Forwarded-Host` from a trusted proxy) is on the
 * `VEXIL_ALLOWED_HOSTS` list: an entry `host:port` matches that exact pair, an entry `host` any
 * port of that host. Case-insensitive. Pure: no I/O.
 */

/** The name part of `host[:port]`, IPv6 literals kept in brackets. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const wanted = host.trim().toLowerCase();
  if (!wanted) return false;
  const name = hostName(wanted);
  return allowed.some((entry) => entry === wanted || entry === name);
}
