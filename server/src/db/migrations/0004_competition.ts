// The competition engine: games, challenges, attachments and flags, participations (a team in a
// game) with their registered members, per-team challenge instances, submissions, cheat records,
// notices, monitor events, and site posts. JSON-valued columns (`hints`, `divisions`, `values`,
// `tags`) hold JSON text.
import type { SchemaKysely } from './columns.js';
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

const fk = (table: string) => `${table}.id`;

export const competition: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    const id = autoIncrementId(dialect);

    await db.schema
      .createTable('games')
      .$call(id)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('accept_without_review', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('writeup_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('writeup_deadline', ms, (c) => c.notNull().defaultTo(0))
      .addColumn('writeup_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('invite_code', 'text')
      .addColumn('divisions', 'text') // JSON string[] or null
      .addColumn('team_member_count_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('container_count_limit', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('poster_hash', 'text')
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('practice_mode', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('start_time', ms, (c) => c.notNull())
      .addColumn('end_time', ms, (c) => c.notNull())
      .addColumn('blood_bonus', ms, (c) => c.notNull().defaultTo(52459530))
      .addColumn('created_at', ms, (c) => c.notNull())
      .execute();
    await index(db, 'games', ['start_time']);

    await db.schema
      .createTable('attachments')
      .$call(id)
      .addColumn('type', 'text', (c) => c.notNull()) // Local | Remote
      .addColumn('file_hash', 'text')
      .addColumn('remote_url', 'text')
      .execute();

    await db.schema
      .createTable('challenges')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text', (c) => c.notNull().defaultTo('Misc'))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('StaticAttachment'))
      .addColumn('hints', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('flag_template', 'text')
      .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('accepted_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('submission_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('file_name', 'text', (c) => c.notNull().defaultTo('attachment'))
      .addColumn('attachment_id', 'integer', (c) =>
        c.references(fk('attachments')).onDelete('set null'),
      )
      .addColumn('container_image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('memory_limit', 'integer', (c) => c.notNull().defaultTo(64))
      .addColumn('cpu_count', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('storage_limit', 'integer', (c) => c.notNull().defaultTo(256))
      .addColumn('container_expose_port', 'integer', (c) => c.notNull().defaultTo(80))
      .addColumn('enable_traffic_capture', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disable_blood_bonus', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('original_score', 'integer', (c) => c.notNull().defaultTo(1000))
      .addColumn('min_score_rate', 'real', (c) => c.notNull().defaultTo(0.25))
      .addColumn('difficulty', 'real', (c) => c.notNull().defaultTo(5))
      .addColumn('created_at', ms, (c) => c.notNull())
      .execute();
    await index(db, 'challenges', ['game_id']);

    await db.schema
      .createTable('flags')
      .$call(id)
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references(fk('challenges')).onDelete('cascade'),
      )
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('attachment_id', 'integer', (c) =>
        c.references(fk('attachments')).onDelete('set null'),
      )
      .addColumn('occupied', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await index(db, 'flags', ['challenge_id']);

    await db.schema
      .createTable('participations')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('team_id', 'integer', (c) =>
        c.notNull().references(fk('teams')).onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
      .addColumn('division', 'text')
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('writeup_hash', 'text')
      .addColumn('writeup_name', 'text')
      .addColumn('writeup_size', ms)
      .addColumn('writeup_time', ms)
      .addColumn('created_at', ms, (c) => c.notNull())
      .addUniqueConstraint('participations_game_team_key', ['game_id', 'team_id'])
      .execute();
    await index(db, 'participations', ['team_id']);

    // A user registered for a game with a team; at most one registration per user and game.
    await db.schema
      .createTable('participation_members')
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references(fk('participations')).onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('joined_at', ms, (c) => c.notNull())
      .addPrimaryKeyConstraint('participation_members_pkey', ['participation_id', 'user_id'])
      .addUniqueConstraint('participation_members_game_user_key', ['game_id', 'user_id'])
      .execute();

    // One per (accepted participation, challenge): the team's own flag and solved state.
    await db.schema
      .createTable('game_instances')
      .$call(id)
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references(fk('participations')).onDelete('cascade'),
      )
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references(fk('challenges')).onDelete('cascade'),
      )
      .addColumn('flag_id', 'integer', (c) => c.references(fk('flags')).onDelete('set null'))
      .addColumn('flag', 'text') // generated DynamicContainer flag
      .addColumn('is_loaded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_solved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_container_operation', ms)
      .addUniqueConstraint('game_instances_participation_challenge_key', [
        'participation_id',
        'challenge_id',
      ])
      .execute();
    await index(db, 'game_instances', ['challenge_id']);

    await db.schema
      .createTable('submissions')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references(fk('challenges')).onDelete('cascade'),
      )
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references(fk('participations')).onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.references(fk('users')).onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('FlagSubmitted'))
      .addColumn('submit_time', ms, (c) => c.notNull())
      .execute();
    await index(db, 'submissions', ['game_id', 'submit_time']);
    await index(db, 'submissions', ['challenge_id', 'participation_id', 'status']);
    await index(db, 'submissions', ['status']);

    await db.schema
      .createTable('cheat_infos')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('submission_id', 'integer', (c) =>
        c.notNull().unique().references(fk('submissions')).onDelete('cascade'),
      )
      .addColumn('submit_participation_id', 'integer', (c) =>
        c.notNull().references(fk('participations')).onDelete('cascade'),
      )
      .addColumn('source_participation_id', 'integer', (c) =>
        c.notNull().references(fk('participations')).onDelete('cascade'),
      )
      .execute();
    await index(db, 'cheat_infos', ['game_id']);

    await db.schema
      .createTable('game_notices')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('values', 'text', (c) => c.notNull()) // JSON string[]
      .addColumn('time', ms, (c) => c.notNull())
      .execute();
    await index(db, 'game_notices', ['game_id', 'time']);

    await db.schema
      .createTable('game_events')
      .$call(id)
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references(fk('games')).onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('values', 'text', (c) => c.notNull()) // JSON string[]
      .addColumn('time', ms, (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('team_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await index(db, 'game_events', ['game_id', 'time']);

    await db.schema
      .createTable('posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('author_id', 'text', (c) => c.references(fk('users')).onDelete('set null'))
      .addColumn('update_time', ms, (c) => c.notNull())
      .execute();
  },

  async down(db) {
    for (const table of [
      'posts',
      'game_events',
      'game_notices',
      'cheat_infos',
      'submissions',
      'game_instances',
      'participation_members',
      'participations',
      'flags',
      'challenges',
      'attachments',
      'games',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

async function index(db: SchemaKysely, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}
