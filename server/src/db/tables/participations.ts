// Tables of play: a team's participation in a game, its members, its challenge instances, its
// submissions and the cheating they reveal.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface ParticipationsTable {
  id: Generated<number>;
  game_id: number;
  team_id: number;
  status: Generated<string>;
  division: string | null;
  token: string;
  writeup_hash: string | null;
  writeup_name: string | null;
  writeup_size: number | null;
  writeup_time: EpochMs | null;
  created_at: EpochMs;
  /** Who may start one of the team's containers now (migration 0010); null = nobody. */
  container_lease_by: string | null;
  /** When that lease lapses unless renewed (its holder died); another may then take it. */
  container_lease_until: EpochMs | null;
}

export interface ParticipationMembersTable {
  participation_id: number;
  user_id: string;
  game_id: number;
  joined_at: EpochMs;
}

export interface GameInstancesTable {
  id: Generated<number>;
  participation_id: number;
  challenge_id: number;
  flag_id: number | null;
  flag: string | null;
  is_loaded: Generated<Flag>;
  is_solved: Generated<Flag>;
  last_container_operation: EpochMs | null;
  /** The challenge's solve count right after this team's solve (1 = first); null if unsolved. */
  solve_order: number | null;
}

export interface SubmissionsTable {
  id: Generated<number>;
  game_id: number;
  challenge_id: number;
  participation_id: number;
  user_id: string | null;
  user_name: Generated<string>;
  answer: string;
  status: Generated<string>;
  submit_time: EpochMs;
  /** The instance checking it while unchecked (migration 0009); null = nobody yet. */
  claimed_by: string | null;
  /** When that claim lapses unless renewed; another instance may then take it over. */
  claim_expires_at: EpochMs | null;
}

export interface CheatInfosTable {
  id: Generated<number>;
  game_id: number;
  submission_id: number;
  submit_participation_id: number;
  source_participation_id: number;
}

export interface ParticipationTables {
  participations: ParticipationsTable;
  participation_members: ParticipationMembersTable;
  game_instances: GameInstancesTable;
  submissions: SubmissionsTable;
  cheat_infos: CheatInfosTable;
}

export type ParticipationRow = Selectable<ParticipationsTable>;
export type GameInstanceRow = Selectable<GameInstancesTable>;
export type SubmissionRow = Selectable<SubmissionsTable>;
