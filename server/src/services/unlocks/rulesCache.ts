/**
 * Each game's unlock rules (issue 25), kept in process so that the flag path and every challenge
 * list read cost no query for them: a game without rules answers from memory, and a game with
 * rules adds one query for the team's solves. An organiser's change drops the game's copy on
 * every instance (cluster topic `unlocks`, message `<gameId>`); copies also expire after
 * RULES_TTL_MS, for a message lost while Redis was down.
 */
import type { Kysely } from 'kysely';
import { listUnlockRules } from '../../db/repositories/challengeUnlocks.js';
import type { DB } from '../../db/schema.js';
import { GameUnlockRules } from '../../domain/unlocks/rules.js';
import type { ClusterEvents } from '../clusterEvents.js';

export const UNLOCKS_TOPIC = 'unlocks';
export const RULES_TTL_MS = 5_000;

interface Entry {
  rules: Promise<GameUnlockRules>;
  at: number;
}

export class UnlockRulesCache {
  private readonly games = new Map<number, Entry>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly events: ClusterEvents,
    private readonly clock: () => number = Date.now,
  ) {
    this.unsubscribe = events.subscribe(UNLOCKS_TOPIC, (message) =>
      this.games.delete(Number(message)),
    );
  }

  /** The game's rules (read at most once per RULES_TTL_MS, or after a change). */
  rulesOf(gameId: number): Promise<GameUnlockRules> {
    const now = this.clock();
    const kept = this.games.get(gameId);
    if (kept && now - kept.at < RULES_TTL_MS) return kept.rules;
    const rules = listUnlockRules(this.db, gameId).then((list) => new GameUnlockRules(list));
    const entry = { rules, at: now };
    this.games.set(gameId, entry);
    // A failed read is not kept.
    rules.catch(() => {
      if (this.games.get(gameId) === entry) this.games.delete(gameId);
    });
    return rules;
  }

  /** The game's rules changed (stored already): every instance reads them again. */
  changed(gameId: number): void {
    this.events.publish(UNLOCKS_TOPIC, String(gameId));
  }

  close(): void {
    this.unsubscribe();
    this.games.clear();
  }
}
