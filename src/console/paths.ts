/**
 * Paths of the console's nested pages, relative to the console's base (`/admin`): a game's
 * challenges, one challenge, its flags. Pages declare them as `Page.path`; links use `useAdminPath`.
 */
import type { Identifier } from 'react-admin';
import { useBasename } from 'react-admin';

export const consolePaths = {
  game: (gameId: Identifier) => `/games/${gameId}`,
  gameInfo: (gameId: Identifier) => `/games/${gameId}/info`,
  notices: (gameId: Identifier) => `/games/${gameId}/notices`,
  awards: (gameId: Identifier) => `/games/${gameId}/awards`,
  review: (gameId: Identifier) => `/games/${gameId}/review`,
  writeups: (gameId: Identifier) => `/games/${gameId}/writeups`,
  challenges: (gameId: Identifier) => `/games/${gameId}/challenges`,
  newChallenge: (gameId: Identifier) => `/games/${gameId}/challenges/create`,
  challenge: (gameId: Identifier, challengeId: Identifier) =>
    `/games/${gameId}/challenges/${challengeId}`,
  flags: (gameId: Identifier, challengeId: Identifier) =>
    `/games/${gameId}/challenges/${challengeId}/flags`,
  /** The webhooks list filtered to the game's own endpoints. */
  webhooks: (gameId: Identifier) =>
    `/webhooks?filter=${encodeURIComponent(JSON.stringify({ gameId: Number(gameId) }))}`,
};

/** A console path as a router link (`/admin/…`). */
export function useAdminPath() {
  const basename = useBasename();
  return (path: string) => `${basename}${path}`;
}
