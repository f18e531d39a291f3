/**
 * The live-update bus: domain code publishes hub messages to groups, the SignalR hubs deliver them
 * to connected clients. In process by default; a Redis-backed bus can fan out between instances
 * with the same interface.
 *
 * Groups: `game:<id>` (players' hub /hub/user), `monitor:<id>` (/hub/monitor), `admin` (/hub/admin).
 * Targets (hub method names) are the wire contract's: ReceivedGameNotice, ReceivedGameEvent,
 * ReceivedSubmissions, ReceivedLog; and Vexil's ReceivedScoreboardUpdate on the players' hub and
 * ReceivedRegistrationChange on the admins' hub. Payload timestamps are ISO strings on the hubs
 * (the hub layer converts epoch-ms fields named in HUB_TIME_FIELDS).
 */
import { EventEmitter } from 'node:events';

export type HubTarget =
  | 'ReceivedGameNotice'
  | 'ReceivedGameEvent'
  | 'ReceivedSubmissions'
  | 'ReceivedLog'
  /** Vexil addition: the game's board was rebuilt (ScoreboardUpdate); clients read it again. */
  | 'ReceivedScoreboardUpdate'
  /** Vexil addition: a team's registration was created, reviewed or removed (admins' hub). */
  | 'ReceivedRegistrationChange'
  /** Vexil addition: challenges opened to a team (`teamId`) or to everyone (players' hub). */
  | 'ReceivedChallengeUnlock';

export interface HubMessage {
  target: HubTarget;
  payload: unknown;
}

export type HubListener = (message: HubMessage) => void;

export interface RealtimeBus {
  publish(group: string, target: HubTarget, payload: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe(group: string, listener: HubListener): () => void;
}

export const groups = {
  players: (gameId: number) => `game:${gameId}`,
  monitors: (gameId: number) => `monitor:${gameId}`,
  admins: 'admin',
} as const;

export class LocalRealtimeBus implements RealtimeBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(group: string, target: HubTarget, payload: unknown): void {
    this.emitter.emit(group, { target, payload } satisfies HubMessage);
  }

  subscribe(group: string, listener: HubListener): () => void {
    this.emitter.on(group, listener);
    return () => this.emitter.off(group, listener);
  }
}
