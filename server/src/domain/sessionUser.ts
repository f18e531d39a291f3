/** Who a request comes from, once its session cookie is resolved (null: nobody signed in). */
import type { Role } from '../db/tables/accounts.js';

export interface SessionUser {
  id: string;
  userName: string;
  role: Role;
}

export type SessionLookup = (token: string, request: { ip: string }) => Promise<SessionUser | null>;
