/**
 * Where built boards are kept. In process by default: an LRU bounded by bytes, so that a server
 * with many old games does not keep every board it ever built (an evicted board is built again
 * when someone asks for it). The Redis store (redisStore.ts) shares boards between instances and
 * keeps this one in front of Redis, so that reads never leave the process.
 */
import { LRUCache } from 'lru-cache';
import type { BoardBytes, BoardView } from './boardBytes.js';

export interface BoardStore {
  get(gameId: number): Promise<BoardBytes | undefined>;
  /** The copy this instance holds, without asking anyone else. */
  peek(gameId: number): BoardBytes | undefined;
  /** Keeps the board unless the store already has a newer version of it. */
  set(board: BoardBytes): Promise<void>;
  delete(gameId: number): Promise<void>;
  /** Another instance built `version`: drop this instance's older copy. */
  forget(gameId: number, version: number): void;
  close(): Promise<void>;
}

/** About 100 boards of 1,000 teams. */
export const DEFAULT_BOARD_CACHE_BYTES = 256 * 1024 * 1024;

export const viewSize = (view: BoardView): number =>
  view.json.length +
  view.gzip.length +
  view.br.length +
  view.standings.length +
  2 * view.challengesJson.length +
  view.rows.byteLength;

/** Both views, when the board has a frozen one. */
export const boardSize = (board: BoardBytes): number =>
  viewSize(board) + (board.frozen ? viewSize(board.frozen) : 0);

export class MemoryBoardStore implements BoardStore {
  private readonly boards: LRUCache<number, BoardBytes>;

  constructor(maxBytes = DEFAULT_BOARD_CACHE_BYTES) {
    this.boards = new LRUCache({ maxSize: maxBytes, sizeCalculation: boardSize });
  }

  async get(gameId: number) {
    return this.boards.get(gameId);
  }

  peek(gameId: number) {
    return this.boards.get(gameId);
  }

  async set(board: BoardBytes) {
    const current = this.boards.peek(board.gameId);
    if (current && current.version >= board.version) return;
    this.boards.set(board.gameId, board);
  }

  async delete(gameId: number) {
    this.boards.delete(gameId);
  }

  forget(gameId: number, version: number) {
    const current = this.boards.peek(gameId);
    if (current && current.version < version) this.boards.delete(gameId);
  }

  async close() {
    this.boards.clear();
  }
}
