/**
 * Live proxied connections per container, with a cap (tunnel contract §1.4). Counting and the
 * check are one synchronous step, so concurrent upgrades can never overshoot; whoever acquired a
 * slot releases it exactly once, on every exit path. Per server process.
 */
export class ConnectionCounter {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  count(id: string): number {
    return this.counts.get(id) ?? 0;
  }

  /** Takes a slot; false (and nothing taken) when `limit` connections are already open. */
  tryAcquire(id: string): boolean {
    const current = this.count(id);
    if (current >= this.limit) return false;
    this.counts.set(id, current + 1);
    return true;
  }

  release(id: string): void {
    const current = this.count(id);
    if (current <= 1) this.counts.delete(id);
    else this.counts.set(id, current - 1);
  }
}
