// Games: settings, key pair and poster. JSON `divisions` is parsed here; booleans are 0/1.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { GameRow, GamesTable } from '../tables/games.js';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';
import { locksRows } from '../dialects/index.js';
import { withTransaction } from '../transaction.js';
import { deleteAttachments } from './attachments.js';
import { toScoreVisibility, type ScoreVisibility } from '../../domain/scoreVisibility.js';
import { toPlayMode, type PlayMode } from '../../domain/playMode.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface GameSettings {
  title: string;
  hidden: boolean;
  summary: string;
  content: string;
  acceptWithoutReview: boolean;
  writeupRequired: boolean;
  writeupDeadline: number;
  writeupNote: string;
  inviteCode: string | null;
  divisions: string[] | null;
  teamMemberCountLimit: number;
  containerCountLimit: number;
  practiceMode: boolean;
  start: number;
  end: number;
  bloodBonus: number;
  /** Scoreboard freeze (epoch ms), null for none. */
  freezeTime: number | null;
  /** Who sees the scores until the end (issue 25). */
  scoreVisibility: ScoreVisibility;
  /** When a costed hint's price is paid (issue 25); undefined keeps the stored one (AtUnlock). */
  hintPolicy?: HintPolicy;
  /** Teams or individual play (issue 25); undefined keeps the stored one (Teams). */
  playMode?: PlayMode;
}

/** When a costed hint's price is paid: at unlock, or only if the team then solves the challenge. */
export type HintPolicy = 'AtUnlock' | 'OnSolve';

export interface Game extends GameSettings {
  hintPolicy: HintPolicy;
  playMode: PlayMode;
  id: number;
  posterHash: string | null;
  publicKey: string;
  privateKey: string;
  createdAt: number;
}

export function toGame(row: GameRow): Game {
  return {
    id: row.id,
    title: row.title,
    hidden: fromFlag(row.hidden),
    summary: row.summary,
    content: row.content,
    acceptWithoutReview: fromFlag(row.accept_without_review),
    writeupRequired: fromFlag(row.writeup_required),
    writeupDeadline: Number(row.writeup_deadline),
    writeupNote: row.writeup_note,
    inviteCode: row.invite_code,
    divisions: row.divisions === null ? null : (JSON.parse(row.divisions) as string[]),
    teamMemberCountLimit: row.team_member_count_limit,
    containerCountLimit: row.container_count_limit,
    posterHash: row.poster_hash,
    publicKey: row.public_key,
    privateKey: row.private_key,
    practiceMode: fromFlag(row.practice_mode),
    start: Number(row.start_time),
    end: Number(row.end_time),
    bloodBonus: Number(row.blood_bonus),
    freezeTime: row.freeze_time === null ? null : Number(row.freeze_time),
    scoreVisibility: toScoreVisibility(row.score_visibility),
    hintPolicy: row.hint_policy === 'OnSolve' ? 'OnSolve' : 'AtUnlock',
    playMode: toPlayMode(row.play_mode),
    createdAt: Number(row.created_at),
  };
}

function settingsColumns(s: Partial<GameSettings>): Updateable<GamesTable> {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : toFlag(value));
  const columns: Record<string, unknown> = {
    title: s.title,
    hidden: flag(s.hidden),
    summary: s.summary,
    content: s.content,
    accept_without_review: flag(s.acceptWithoutReview),
    writeup_required: flag(s.writeupRequired),
    writeup_deadline: s.writeupDeadline,
    writeup_note: s.writeupNote,
    invite_code: s.inviteCode,
    divisions: s.divisions === undefined ? undefined : s.divisions && JSON.stringify(s.divisions),
    team_member_count_limit: s.teamMemberCountLimit,
    container_count_limit: s.containerCountLimit,
    practice_mode: flag(s.practiceMode),
    start_time: s.start,
    end_time: s.end,
    blood_bonus: s.bloodBonus,
    freeze_time: s.freezeTime,
    score_visibility: s.scoreVisibility,
    hint_policy: s.hintPolicy,
    play_mode: s.playMode,
  };
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns as Updateable<GamesTable>;
}

export interface NewGame extends Partial<GameSettings> {
  title: string;
  start: number;
  end: number;
  publicKey: string;
  privateKey: string;
  now?: number;
}

export async function createGame(db: Db, input: NewGame): Promise<Game> {
  const { publicKey, privateKey, now = Date.now(), ...settings } = input;
  const row = await db
    .insertInto('games')
    .values({
      ...settingsColumns(settings),
      title: input.title,
      start_time: input.start,
      end_time: input.end,
      public_key: publicKey,
      private_key: privateKey,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGame(row);
}

export async function findGame(db: Db, id: number): Promise<Game | null> {
  const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toGame(row) : null;
}

/** All games, hidden ones included, newest (highest id) first. */
export async function listAllGames(db: Db, skip: number, count: number): Promise<Game[]> {
  if (count <= 0) return [];
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(count)
    .execute();
  return rows.map(toGame);
}

export async function countGames(db: Db): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The game's play mode as stored, its row held until the transaction ends (PostgreSQL `FOR SHARE`;
 * SQLite has one writer): a join decides by it, and a mode change (an update of the row) waits
 * for the join or the join for it. 'Teams' when the game is gone (the join then fails its insert).
 */
export async function lockPlayMode(trx: Db, id: number): Promise<PlayMode> {
  let query = trx.selectFrom('games').select('play_mode').where('id', '=', id);
  if (locksRows(trx)) query = query.forShare();
  return toPlayMode((await query.executeTakeFirst())?.play_mode);
}

/**
 * Whether setting the game's mode to `mode` changes it while anyone is registered (any status).
 * Takes the game row for update first (PostgreSQL), so a join in progress (which holds it shared:
 * `lockPlayMode`) commits before the count, and a join after waits for the new mode.
 */
export async function playModeChangeBlocked(
  trx: Transaction<DB>,
  id: number,
  mode: PlayMode,
): Promise<boolean> {
  let query = trx.selectFrom('games').select('play_mode').where('id', '=', id);
  if (locksRows(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || toPlayMode(row.play_mode) === mode) return false;
  const registered = await trx
    .selectFrom('participations')
    .select('id')
    .where('game_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return registered !== undefined;
}

/** Applies the given settings; null when the game does not exist. */
export async function updateGame(
  db: Db,
  id: number,
  settings: Partial<GameSettings>,
): Promise<Game | null> {
  const columns = settingsColumns(settings);
  if (Object.keys(columns).length === 0) return findGame(db, id);
  const row = await db
    .updateTable('games')
    .set(columns)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toGame(row) : null;
}

/** Sets the poster (compare-and-swap); answers the previous hash, or null when the game is gone. */
export async function swapGamePoster(
  db: Db,
  id: number,
  hash: string | null,
): Promise<{ previous: string | null } | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await db
      .selectFrom('games')
      .select('poster_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return null;
    const result = await db
      .updateTable('games')
      .set({ poster_hash: hash })
      .where('id', '=', id)
      .where((eb) =>
        current.poster_hash === null
          ? eb('poster_hash', 'is', null)
          : eb('poster_hash', '=', current.poster_hash),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { previous: current.poster_hash };
  }
  throw new Error(`The poster of game ${id} keeps changing concurrently`);
}

/** Clears every team's writeup in the game; answers the file hashes they held. */
export async function clearGameWriteups(db: Kysely<DB>, gameId: number): Promise<string[]> {
  return withTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('participations')
      .select(['id', 'writeup_hash'])
      .where('game_id', '=', gameId)
      .where('writeup_hash', 'is not', null)
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('participations')
      .set({ writeup_hash: null, writeup_name: null, writeup_size: null, writeup_time: null })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => row.writeup_hash as string);
  });
}

/**
 * Deletes the game with everything in it (challenges, flags, registrations cascade) and the
 * attachments of its challenges and flags. Answers the file hashes the game referenced (poster,
 * local attachments, writeups), for the caller to release once committed; null when missing.
 */
export async function deleteGameCascade(db: Db, gameId: number): Promise<string[] | null> {
  const game = await db
    .selectFrom('games')
    .select('poster_hash')
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) return null;
  const writeups = await db
    .selectFrom('participations')
    .select('writeup_hash')
    .where('game_id', '=', gameId)
    .where('writeup_hash', 'is not', null)
    .execute();
  const challengeAttachments = await db
    .selectFrom('challenges')
    .select('attachment_id')
    .where('game_id', '=', gameId)
    .where('attachment_id', 'is not', null)
    .execute();
  const flagAttachments = await db
    .selectFrom('flags')
    .innerJoin('challenges', 'challenges.id', 'flags.challenge_id')
    .select('flags.attachment_id')
    .where('challenges.game_id', '=', gameId)
    .where('flags.attachment_id', 'is not', null)
    .execute();
  await db.deleteFrom('games').where('id', '=', gameId).execute();
  const attachmentIds = [...challengeAttachments, ...flagAttachments].map(
    (row) => row.attachment_id as number,
  );
  const attachmentHashes = await deleteAttachments(db, attachmentIds);
  return [
    ...(game.poster_hash ? [game.poster_hash] : []),
    ...attachmentHashes,
    ...writeups.map((row) => row.writeup_hash as string),
  ];
}
