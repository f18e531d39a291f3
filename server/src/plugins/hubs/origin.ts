/**
 * Refuses hub requests (negotiate and the WebSocket upgrade) sent by pages of another origin:
 * 403 `{title, status}` before any upgrade. A WebSocket is not bound by the same-origin policy, and
 * the browser attaches the site's cookies to it whoever opened it, so without this check a page on
 * another port of the same host could open `/hub/admin` or `/hub/monitor` with an organiser's
 * session (SameSite does not help: another port is the same site).
 *
 * Accepted origins: the request's own (scheme as `request.protocol` says, which believes
 * `X-Forwarded-Proto` only from trusted proxies, and the `Host` the browser connected to), the
 * origin of `VEXIL_PUBLIC_URL` (for a proxy that rewrites `Host` or terminates TLS without being
 * trusted), and `VEXIL_ALLOWED_ORIGINS`. Matching the request's own `Host` is sound: a browser
 * always sends the host it connects to, so a page can only present its own origin as ours when it
 * is ours; a DNS-rebinding page does get a match, but on its own host name, so the browser sends it
 * none of our cookies.
 *
 * Requests without `Origin` are let through: browsers send `Origin` on every WebSocket upgrade
 * and on every cross-origin POST, so a request that carries our cookies but no `Origin` does not
 * come from another site's page; scripts, bots and the SignalR clients outside browsers send none
 * and authenticate with their own cookie. `Origin: null` (sandboxed frames, `file:` pages) is
 * refused.
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

export const FOREIGN_ORIGIN = 'Hub connections from another origin are not allowed';

export interface OriginPolicy {
  /** `VEXIL_PUBLIC_URL`, whose origin is the site's own. */
  publicUrl?: string;
  /** Further origins in URL's normal form (`VEXIL_ALLOWED_ORIGINS`). */
  allowedOrigins: readonly string[];
}

/** `scheme://host[:port]` in URL's normal form (default port dropped), or null. */
function normalOrigin(text: string): string | null {
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function originGuard(policy: OriginPolicy): onRequestHookHandler {
  const configured = new Set(policy.allowedOrigins);
  const site = policy.publicUrl ? normalOrigin(policy.publicUrl) : null;
  if (site) configured.add(site);

  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.origin;
    if (header === undefined) return;
    const origin = normalOrigin(header);
    if (origin !== null) {
      if (configured.has(origin)) return;
      if (origin === normalOrigin(`${request.protocol}://${request.host}`)) return;
    }
    request.log.warn(
      { origin: header, ip: request.ip },
      `Refused ${request.routeOptions.url ?? 'a hub request'} from another origin`,
    );
    return reply.code(403).send({ title: FOREIGN_ORIGIN, status: 403 });
  };
}
