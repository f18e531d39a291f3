// What the WebSocket proxy needs to know about a container: where to connect, whether to record,
// and (for team containers) the challenge, registration, team and flag written into captures.
// Read-only: the containers service owns the table.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';

export interface ProxyTarget {
  /** The container GUID. */
  id: string;
  engineId: string;
  ip: string;
  port: number;
  isProxy: boolean;
  capture: boolean;
  challengeId: number;
  challengeTitle: string;
  /** Null for an organiser's test container; then so are the team fields. */
  gameInstanceId: number | null;
  gameId: number;
  participationId: number | null;
  teamId: number | null;
  teamName: string | null;
  /** The instance's flag (dynamic, or the static flag it was given), null when it has none. */
  flag: string | null;
}

export async function containerExists(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('containers')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findProxyTarget(db: Kysely<DB>, id: string): Promise<ProxyTarget | null> {
  const row = await db
    .selectFrom('containers as c')
    .innerJoin('challenges as ch', 'ch.id', 'c.challenge_id')
    .leftJoin('game_instances as gi', 'gi.id', 'c.game_instance_id')
    .leftJoin('participations as p', 'p.id', 'gi.participation_id')
    .leftJoin('teams as t', 't.id', 'p.team_id')
    .leftJoin('flags as f', 'f.id', 'gi.flag_id')
    .select([
      'c.id',
      'c.engine_id',
      'c.ip',
      'c.port',
      'c.is_proxy',
      'c.capture',
      'c.challenge_id',
      'c.game_instance_id',
      'ch.title as challenge_title',
      'ch.game_id',
      'p.id as participation_id',
      't.id as team_id',
      't.name as team_name',
      'gi.flag as instance_flag',
      'f.flag as static_flag',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    engineId: row.engine_id,
    ip: row.ip,
    port: Number(row.port),
    isProxy: fromFlag(Number(row.is_proxy)),
    capture: fromFlag(Number(row.capture)),
    challengeId: row.challenge_id,
    challengeTitle: row.challenge_title,
    gameInstanceId: row.game_instance_id,
    gameId: row.game_id,
    participationId: row.participation_id,
    teamId: row.team_id,
    teamName: row.team_name,
    flag: row.instance_flag ?? row.static_flag ?? null,
  };
}
