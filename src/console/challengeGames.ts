/**
 * Which game each challenge belongs to. The running-instance model names a challenge but not its
 * game, so the instances list looks the game up here: every game (`GET /api/edit/games`, page by
 * page) and each game's challenges (`GET /api/edit/games/{id}/challenges`). The index is kept a
 * few minutes, and read again sooner when an instance names a challenge it does not know yet.
 */
import { api, unwrap } from '../api/client';
import { gamePath } from './gameRoutes';

export interface GameRef {
  id: number;
  title: string;
}

const GAMES_PAGE = 100;
const MAX_GAME_PAGES = 20;
const PARALLEL_READS = 4;
/** How long the index is used as is. */
const KEEP_MS = 5 * 60_000;
/** How long an index may be used when it misses a challenge (a new game or challenge). */
const KEEP_ON_MISS_MS = 30_000;

let cached: { readAt: number; games: Map<number, GameRef> } | undefined;
let reading: Promise<Map<number, GameRef>> | undefined;

async function readGames(): Promise<GameRef[]> {
  const games: GameRef[] = [];
  for (let page = 0; page < MAX_GAME_PAGES; page++) {
    const { data, total } = unwrap(
      await api.GET('/api/edit/games', {
        params: { query: { skip: page * GAMES_PAGE, count: GAMES_PAGE } },
      }),
    );
    games.push(...data.map(({ id, title }) => ({ id, title })));
    if (data.length < GAMES_PAGE || games.length >= total) break;
  }
  return games;
}

async function readIndex(): Promise<Map<number, GameRef>> {
  const games = await readGames();
  const index = new Map<number, GameRef>();
  const queue = [...games];
  const worker = async () => {
    for (let game = queue.shift(); game; game = queue.shift()) {
      const { data } = await api.GET('/api/edit/games/{id}/challenges', gamePath(game.id));
      // A game whose challenges cannot be read leaves its instances without a game name.
      for (const challenge of data ?? []) index.set(challenge.id, game);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, games.length) }, worker));
  return index;
}

function isUsable(challengeIds: number[], now: number): boolean {
  if (!cached) return false;
  const age = now - cached.readAt;
  const misses = challengeIds.some((id) => !cached!.games.has(id));
  return age < (misses ? KEEP_ON_MISS_MS : KEEP_MS);
}

/**
 * The game of each of `challengeIds` that has one. Never fails: when the games cannot be read,
 * the last index (or none) is used.
 */
export async function gamesOfChallenges(
  challengeIds: number[],
  now = Date.now(),
): Promise<Map<number, GameRef>> {
  if (challengeIds.length === 0) return cached?.games ?? new Map();
  if (isUsable(challengeIds, now)) return cached!.games;
  reading ??= readIndex()
    .then((games) => {
      cached = { readAt: now, games };
      return games;
    })
    .catch(() => {
      // Tried again after KEEP_ON_MISS_MS, not at every refresh of the list.
      cached = { readAt: now, games: cached?.games ?? new Map<number, GameRef>() };
      return cached.games;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/** Forgets the index (tests; a game's challenges changed). */
export function forgetChallengeGames(): void {
  cached = undefined;
  reading = undefined;
}
