/** Resolves a session cookie to the signed-in user, keeping sliding expiry and last-visit fresh. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { findValidSession, touchSession } from '../db/repositories/sessions.js';
import { touchLastVisited } from '../db/repositories/users.js';
import type { SessionLookup } from '../plugins/auth.js';

/** Writes happen at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
const VISIT_EVERY_MS = 5_000;

export function sessionLookup(db: Kysely<DB>, clock: () => number = Date.now): SessionLookup {
  return async (token, request) => {
    if (token.length > 256) return null;
    const now = clock();
    const found = await findValidSession(db, token, now);
    if (!found) return null;
    const { session, user } = found;
    if (now - session.lastSeenAt > TOUCH_EVERY_MS) await touchSession(db, session.id, now);
    if (now - user.lastVisited > VISIT_EVERY_MS || user.lastIp !== request.ip) {
      await touchLastVisited(db, user.id, request.ip, now);
    }
    return { id: user.id, userName: user.userName, role: user.role };
  };
}
