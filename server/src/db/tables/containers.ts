// The table of challenge containers: the running instances of a challenge's image.
import type { Selectable } from 'kysely';
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

export interface ContainerTables {
  containers: ContainersTable;
}

export type ContainerRow = Selectable<ContainersTable>;
