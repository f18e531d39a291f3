/**
 * A scoreboard ready to serve: its JSON written once when the board is built, with gzip and
 * brotli forms and a strong ETag, plus the parts `/api/game/{id}/details` needs (the challenge
 * groups and each team's row by team id) as JSON text and its CTFtime feed. Readers never
 * serialise, parse or compress a board; they pick bytes. After a scoreboard freeze the frozen
 * view is kept the same way beside the live one.
 */
import { createHash } from 'node:crypto';
import type { ScoreboardModel } from '../../domain/scoring/types.js';
import type { ScoreVisibility } from '../../domain/scoreVisibility.js';
import { compressed, compressedAsync } from './boardCompression.js';
import type { RowTexts } from './rowTexts.js';

/**
 * One view of a board ready to send: the live board, or the frozen one players see after the
 * scoreboard freeze (issue 17), or a team's own view of a frozen board (ownView.ts).
 */
export interface BoardView {
  /** Strong validator of the JSON form, quoted; see `etagOf` for the compressed forms. */
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  challengeCount: number;
  /** JSON of the board's `challenges`. */
  challengesJson: string;
  /** Where each team's row (ScoreboardItem) is in `json`: see `rowOf`. */
  rows: RowSpans;
  /** The CTFtime feed of this view (CtftimeFeed), as JSON. */
  standings: Buffer;
}

export interface FrozenView extends BoardView {
  /** Tag of the frozen board's content, `updateTimeUtc` left out: equal while nothing changed. */
  contentTag: string;
  /** The frozen board's `updateTimeUtc`: the build in which its content last changed. */
  version: number;
}

/** What a build is told of the frozen board the previous build made. */
export interface FrozenBefore {
  contentTag: string;
}

export interface BoardBytes extends BoardView {
  gameId: number;
  /** The game's start when the board was built: before it, the board is not shown. */
  startTime: number;
  /** The game's end when the board was built: the freeze ends there. */
  endTime: number;
  /** The game's scoreboard freeze when the board was built; null for none. */
  freezeTime: number | null;
  /**
   * Whether the game was hidden when the board was built: then only Monitors and Admins read the
   * board (an organiser's change of `hidden` rebuilds it, as a change of the times does).
   */
  hidden: boolean;
  /**
   * Who saw the game's scores until its end when the board was built (issue 25): kept with the
   * board, as `hidden` is, so that the hot path decides from memory (an organiser's change of the
   * setting rebuilds the board).
   */
  scoreVisibility: ScoreVisibility;
  /** Grows with every build of the game's board; equals the board's `updateTimeUtc`. */
  version: number;
  /**
   * The board as it stood at the freeze, built with the live one once the freeze has passed (or
   * a solve after it was read). Absent otherwise: then every solve on the live board predates the
   * freeze, and the live board is the frozen one.
   */
  frozen?: FrozenView;
  /**
   * The build found the frozen board unchanged since `FrozenBefore`: it keeps the frozen view it
   * had (same bytes, same tag), which did not cross from the worker again.
   */
  frozenUnchanged?: boolean;
  /** How the worker read the solves for this build (diagnostics; not kept in Redis). */
  read?: SolvesRead;
}

export interface SolvesRead {
  /** Every accepted solve was read, not only the changes since the last build. */
  full: boolean;
  /** Rows read from the database. */
  rows: number;
  /** Team rows of the live board written anew (the others were the previous build's). */
  rowsWritten?: number;
  /** The build's time in the worker, from the first read to the last byte written. */
  workerMs?: number;
}

export type BoardEncoding = 'identity' | 'gzip' | 'br';

/**
 * Each team's row of a view as a span of the view's JSON, three numbers per team in board order:
 * team id, first byte, end. Rows are read as text only when a request needs one (a team's rank
 * in `/details`), so a build hands over its bytes and these numbers, not a thousand strings that
 * every instance would keep beside the same bytes.
 */
export type RowSpans = Uint32Array;

/** The JSON of the team's row in the view; undefined when the team is not on the board. */
export function rowOf(view: Pick<BoardView, 'json' | 'rows'>, teamId: number): string | undefined {
  const spans = view.rows;
  for (let at = 0; at < spans.length; at += 3) {
    if (spans[at] === teamId) return view.json.toString('utf8', spans[at + 1], spans[at + 2]);
  }
  return undefined;
}

/** How many teams the view lists. */
export const rowCount = (view: Pick<BoardView, 'rows'>): number => view.rows.length / 3;

/** Each encoding is its own representation, so each has its own strong tag (RFC 9110 §8.8.3). */
export function etagOf(board: Pick<BoardView, 'etag'>, encoding: BoardEncoding): string {
  return encoding === 'identity' ? board.etag : `${board.etag.slice(0, -1)}-${encoding}"`;
}

export function bodyOf(
  board: Pick<BoardView, 'json' | 'gzip' | 'br'>,
  encoding: BoardEncoding,
): Buffer {
  return encoding === 'identity' ? board.json : board[encoding];
}

/** The game a board is built for, as the board keeps it. */
export interface BoardGameTimes {
  id: number;
  startTime: number;
  /** Without it the game never ends (boards built for tests). */
  endTime?: number;
  /** Without it there is no freeze. */
  freezeTime?: number | null;
  /** Without it the game is listed (boards built for tests). */
  hidden?: boolean;
  /** Without it the scores are public (boards built for tests). */
  scoreVisibility?: ScoreVisibility;
}

/** The strong tag of a JSON text: a digest, so equal content has the equal tag. */
export const tagOf = (json: Buffer): string =>
  `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;

/** The CTFtime feed of a board: every team in board order with its rank and score. */
export function standingsOf(items: ScoreboardModel['items']): Buffer {
  const standings = items.map((item) => ({ pos: item.rank, team: item.name, score: item.score }));
  return Buffer.from(JSON.stringify({ standings }), 'utf8');
}

/**
 * Serialises one view of the board once. The JSON is assembled from the rows and groups written
 * for `/details`, so nothing is stringified twice; keys keep the model's order. `frozenAt` marks
 * the frozen view (a Vexil addition at the end of the object). `rowTexts`: the rows written by
 * the previous build of this view, whose unchanged rows are taken as they are.
 */
export function encodeView(
  board: ScoreboardModel,
  fast = false,
  rowTexts?: RowTexts,
  concealed?: ReadonlySet<number>,
): BoardView {
  const written = writeView(board, rowTexts, concealed);
  return { ...withoutWriting(written), ...compressed(written.json, fast) };
}

/** A view written, not compressed yet. */
type WrittenView = Omit<BoardView, 'gzip' | 'br'> & {
  /** Bytes of `json` before its content: `{"updateTimeUtc":…` (see `encodeFrozen`). */
  versionBytes: number;
};

/**
 * The challenge groups as the served board lists them: without the concealed challenges
 * (`ScoreboardInput.concealed`); undefined when none is.
 */
function servedGroups(
  board: ScoreboardModel,
  concealed: ReadonlySet<number> | undefined,
): { json: string; count: number } | undefined {
  if (!concealed || concealed.size === 0) return undefined;
  const groups: ScoreboardModel['challenges'] = {};
  let count = 0;
  for (const [category, challenges] of Object.entries(board.challenges)) {
    const kept = (challenges ?? []).filter((challenge) => !concealed.has(challenge.id));
    if (kept.length > 0) groups[category as keyof typeof groups] = kept;
    count += kept.length;
  }
  return { json: JSON.stringify(groups), count };
}

function writeView(
  board: ScoreboardModel,
  rowTexts?: RowTexts,
  concealed?: ReadonlySet<number>,
): WrittenView {
  const items = rowTexts
    ? rowTexts.textsOf(board.items)
    : board.items.map((item) => JSON.stringify(item));
  // Every challenge for the teams' own lists (`/details` cuts them with the team's locks); the
  // served board without those concealed.
  const challengesJson = JSON.stringify(board.challenges);
  const served = servedGroups(board, concealed);
  const version = `{"updateTimeUtc":${JSON.stringify(board.updateTimeUtc)}`;
  const head =
    version +
    `,"bloodBonus":${JSON.stringify(board.bloodBonus)}` +
    `,"timeLines":${JSON.stringify(board.timeLines)}` +
    `,"items":[`;
  const tail =
    `],"challenges":${served?.json ?? challengesJson}` +
    `,"challengeCount":${JSON.stringify(served?.count ?? board.challengeCount)}` +
    (board.frozenAt === undefined ? '' : `,"frozenAt":${JSON.stringify(board.frozenAt)}`) +
    '}';
  // Written straight into one buffer of the exact size (no joined string, no second copy),
  // noting where each row lands.
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, items.length - 1);
  for (const text of items) size += Buffer.byteLength(text);
  const json = Buffer.allocUnsafeSlow(size);
  const rows: RowSpans = new Uint32Array(items.length * 3);
  let at = json.write(head, 0);
  items.forEach((text, index) => {
    if (index > 0) json[at++] = 0x2c; // ,
    rows[index * 3] = board.items[index].id;
    rows[index * 3 + 1] = at;
    at += json.write(text, at);
    rows[index * 3 + 2] = at;
  });
  json.write(tail, at);
  return {
    etag: tagOf(json),
    json,
    challengeCount: board.challengeCount,
    challengesJson,
    rows,
    standings: standingsOf(board.items),
    versionBytes: Buffer.byteLength(version),
  };
}

function withoutWriting<T extends WrittenView>(written: T): Omit<T, 'versionBytes'> {
  const { versionBytes: _, ...view } = written;
  return view;
}

/**
 * The frozen view of a build. Its `updateTimeUtc` is the build's version, unless its content is
 * the one the previous build made (`before`): then undefined, and the previous view is kept, so
 * that its tag and version stay the same while nothing players may see has changed. The content
 * tag is the digest of the JSON after its `updateTimeUtc`.
 */
function writeFrozen(
  board: ScoreboardModel,
  before: FrozenBefore | undefined,
  rowTexts?: RowTexts,
  concealed?: ReadonlySet<number>,
): (WrittenView & Pick<FrozenView, 'contentTag' | 'version'>) | undefined {
  const written = writeView(board, rowTexts, concealed);
  const contentTag = tagOf(written.json.subarray(written.versionBytes));
  if (before?.contentTag === contentTag) return undefined;
  return { ...written, contentTag, version: board.updateTimeUtc };
}

export function encodeFrozen(
  board: ScoreboardModel,
  before: FrozenBefore | undefined,
  rowTexts?: RowTexts,
  concealed?: ReadonlySet<number>,
): FrozenView | undefined {
  const written = writeFrozen(board, before, rowTexts, concealed);
  return written && { ...withoutWriting(written), ...compressed(written.json) };
}

/** The row texts a game's builds keep between them, one set per view. */
export interface BoardRowTexts {
  live: RowTexts;
  frozen: RowTexts;
}

function boardOf(
  game: BoardGameTimes,
  board: ScoreboardModel,
  live: BoardView,
  frozen: { view?: FrozenView } | undefined,
): BoardBytes {
  return {
    gameId: game.id,
    startTime: game.startTime,
    endTime: game.endTime ?? Number.MAX_SAFE_INTEGER,
    freezeTime: game.freezeTime ?? null,
    hidden: game.hidden ?? false,
    scoreVisibility: game.scoreVisibility ?? 'Public',
    version: board.updateTimeUtc,
    ...live,
    ...(frozen?.view && { frozen: frozen.view }),
    ...(frozen && !frozen.view && { frozenUnchanged: true }),
  };
}

/** The live board (and the frozen one, when given) of a game, ready to keep and send. */
export function encodeBoard(
  game: BoardGameTimes,
  board: ScoreboardModel,
  frozen?: { board: ScoreboardModel; before?: FrozenBefore },
  rowTexts?: BoardRowTexts,
  concealed?: ReadonlySet<number>,
): BoardBytes {
  const frozenView = frozen && {
    view: encodeFrozen(frozen.board, frozen.before, rowTexts?.frozen, concealed),
  };
  return boardOf(game, board, encodeView(board, false, rowTexts?.live, concealed), frozenView);
}

/** `encodeBoard` with every compression of the build at once on the thread pool. */
export async function encodeBoardAsync(
  game: BoardGameTimes,
  board: ScoreboardModel,
  frozen?: { board: ScoreboardModel; before?: FrozenBefore },
  rowTexts?: BoardRowTexts,
  /** Challenges the served views leave out (`ScoreboardInput.concealed`). */
  concealed?: ReadonlySet<number>,
): Promise<BoardBytes> {
  const live = writeView(board, rowTexts?.live, concealed);
  const frozenWritten =
    frozen && writeFrozen(frozen.board, frozen.before, rowTexts?.frozen, concealed);
  const [liveCompressed, frozenCompressed] = await Promise.all([
    compressedAsync(live.json),
    frozenWritten && compressedAsync(frozenWritten.json),
  ]);
  const frozenView = frozenWritten &&
    frozenCompressed && { ...withoutWriting(frozenWritten), ...frozenCompressed };
  return boardOf(
    game,
    board,
    { ...withoutWriting(live), ...liveCompressed },
    frozen && { view: frozenView },
  );
}

/** Buffers that crossed a thread boundary arrive as plain Uint8Arrays: make them Buffers again. */
export function reviveBoard(board: BoardBytes): BoardBytes {
  const revived: BoardBytes = { ...board, ...reviveView(board) };
  if (board.frozen) revived.frozen = { ...board.frozen, ...reviveView(board.frozen) };
  return revived;
}

function reviveView(
  view: BoardView,
): Pick<BoardView, 'json' | 'gzip' | 'br' | 'standings' | 'rows'> {
  const buffer = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    json: buffer(view.json),
    gzip: buffer(view.gzip),
    br: buffer(view.br),
    standings: buffer(view.standings),
    // a typed array crosses as one (a Redis copy may not be aligned: see redisStore.ts)
    rows: view.rows,
  };
}
