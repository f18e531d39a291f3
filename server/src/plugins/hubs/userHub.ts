/**
 * H1 `/hub/user?game=<id>`: anyone (a hidden game: Monitors and Admins); pushes the game's notices
 * (ReceivedGameNotice) and board updates, each only while REST would show them to the receiver
 * (gameFeed.ts), and a team's unlocks (ReceivedChallengeUnlock, issue 25). Open to anyone, so a
 * connection whose session ends (sessionWatch.ts) goes on as an anonymous one. A message meant for
 * one team (its unlocks) or kept from some (a notice naming a challenge hidden from them) is
 * narrowed to its users at send time, against the viewer as last read (gameFeed.ts).
 */
import { groups } from '../../services/realtime.js';
import type { GameFeedGate } from './gameFeed.js';
import { reject, requestedGame, UNKNOWN_GAME, type HubDefinition } from './hub.js';

export function userHub(feed: GameFeedGate): HubDefinition {
  return {
    path: '/hub/user',
    async admit(request) {
      const game = await requestedGame(request);
      if (game === null) return reject(UNKNOWN_GAME);
      return {
        groups: [groups.players(game)],
        // Applied to the receiver's role when the message is sent: a Monitor demoted while
        // watching a hidden game's hub stops receiving its messages at once.
        screen: feed.screenOf(game),
      };
    },
  };
}
