/**
 * Paths of the player pages, the counterpart of the console's `src/console/paths.ts`: links and
 * redirects are built here, never written by hand. A leaf: it imports nothing from `src/`.
 */

type Id = string | number;

export const playerPaths = {
  home: '/',
  games: '/games',
  game: (gameId: Id) => `/games/${gameId}`,
  challenges: (gameId: Id) => `/games/${gameId}/challenges`,
  scoreboard: (gameId: Id) => `/games/${gameId}/scoreboard`,
  /** One tab of a game's monitor, e.g. `events`. */
  monitor: (gameId: Id, page: string) => `/games/${gameId}/monitor/${page}`,
  teams: '/teams',
  /** A team's public page: members, games and solves. */
  team: (teamId: Id) => `/teams/${teamId}`,
  posts: '/posts',
  post: (postId: string) => `/posts/${encodeURIComponent(postId)}`,
  postEdit: (postId: string) => `/posts/${encodeURIComponent(postId)}/edit`,
  /** The editor of a post not yet written. */
  newPost: '/posts/new/edit',
  about: '/about',
  login: '/account/login',
  register: '/account/register',
  recovery: '/account/recovery',
  profile: '/account/profile',
  /** The console's home, and a game's settings there. */
  console: '/admin',
  consoleGame: (gameId: Id) => `/admin/games/${gameId}/info`,
};

/** `/account/login?from=<the given path>` */
export function loginPath(from: string): string {
  return `${playerPaths.login}?from=${encodeURIComponent(from)}`;
}
