// Tables of teams and their members (a team's part in a game is in ./participations.ts).
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag, Immutable } from './columns.js';

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  bio: Generated<string>;
  avatar_hash: string | null;
  locked: Generated<Flag>;
  /** The secret part of the team's invitation code. */
  invite_token: string;
  captain_id: string;
  /** The user whose personal entry for individual games this is; null for ordinary teams. */
  personal_of: string | null;
  created_at: Immutable<EpochMs>;
}

export interface TeamMembersTable {
  team_id: Immutable<number>;
  user_id: Immutable<string>;
  joined_at: Immutable<EpochMs>;
}

export interface TeamTables {
  teams: TeamsTable;
  team_members: TeamMembersTable;
}

export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
