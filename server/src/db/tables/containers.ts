// The table of challenge containers: the running instances of a challenge's image.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface ContainersTable {
  /** Lower-case GUID: the public capability of `/api/proxy/{id}` and the API's container id. */
  id: string;
  /** The back end's container id. */
  engine_id: string;
  image: string;
  challenge_id: number;
  /** Null for an organiser's test container. */
  game_instance_id: number | null;
  /** Where the server reaches the service: the container's address and its exposed port. */
  ip: string;
  port: number;
  /** The published entry (Default port mapping only). */
  public_ip: string | null;
  public_port: number | null;
  /** Created under PlatformProxy port mapping. */
  is_proxy: Flag;
  /** Record its proxied traffic (decided at creation). */
  capture: Flag;
  started_at: EpochMs;
  expect_stop_at: EpochMs;
}

/** Where a team's container start stands (migration 0015). */
export type ContainerStartState = 'queued' | 'starting' | 'failed';

/** The queue of team container starts (migration 0015): one row per game instance. */
export interface ContainerStartsTable {
  /** The ticket: starts are taken in this order. */
  id: Generated<number>;
  game_instance_id: number;
  participation_id: number;
  state: Generated<ContainerStartState>;
  /** Why a failed start failed, as the player is told. */
  reason: string | null;
  /** 0..N-1 while starting (unique), else null. */
  slot: number | null;
  /** The holder's token (its instance id and a random part) while starting. */
  held_by: string | null;
  lease_until: EpochMs | null;
  /** How often an instance took it. */
  attempts: Generated<number>;
  /** The team cancelled it while it was starting: the container goes as soon as it is up. */
  cancelled: Generated<Flag>;
  /** For the game event. */
  user_name: string;
  team_name: string;
  requested_at: EpochMs;
  taken_at: EpochMs | null;
}

export interface ContainerTables {
  containers: ContainersTable;
  container_starts: ContainerStartsTable;
}

export type ContainerRow = Selectable<ContainersTable>;
export type ContainerStartRow = Selectable<ContainerStartsTable>;
