/**
 * Console paths the home links to with a list filter already set (react-admin reads a list's
 * filter from the `filter` query parameter as JSON): a game's instances, the log's errors.
 */
const withFilter = (path: string, filter: Record<string, string>) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** The running instances whose game, team, challenge or image mentions the game's title. */
export const instancesOfGame = (title: string) => withFilter('/instances', { q: title });

/** The log, errors only. */
export const logErrors = withFilter('/logs', { level: 'Error' });

export const newGame = '/games/create';
