/**
 * Remembers whether a container GUID exists, negative answers included, for a sliding
 * `ttlMs` (tunnel contract §1.4): liveness probes and floods of random GUIDs then cost no query.
 * Bounded: past `maxEntries` the least recently used entry goes. `forget` drops an entry at once
 * (a container was destroyed or created).
 */
export class ExistenceCache {
  private readonly entries = new Map<string, { exists: boolean; expiresAt: number }>();

  constructor(
    private readonly lookup: (id: string) => Promise<boolean>,
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  async exists(id: string): Promise<boolean> {
    const cached = this.entries.get(id);
    this.entries.delete(id);
    const exists = cached && cached.expiresAt > this.now() ? cached.exists : await this.lookup(id);
    this.entries.set(id, { exists, expiresAt: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return exists;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }
}
