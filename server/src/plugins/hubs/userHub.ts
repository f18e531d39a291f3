/** H1 `/hub/user?game=<id>`: anyone; pushes the game's notices (ReceivedGameNotice). */
import { groups } from '../../services/realtime.js';
import { reject, requestedGame, UNKNOWN_GAME, type HubDefinition } from './hub.js';

export const userHub: HubDefinition = {
  path: '/hub/user',
  async admit(request) {
    const game = await requestedGame(request);
    return game === null ? reject(UNKNOWN_GAME) : { groups: [groups.players(game)] };
  },
};
