/**
 * At most `max` tasks at a time; the others wait their turn in the order they came. What bounds
 * the engine removals of one instance (service.ts): a janitor pass over hundreds of expired
 * containers, or a deleted game's, must not flood the engine any more than starts may.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (max < 1) throw new Error('A limiter needs room for at least one task');
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The turn passes straight to the next in line, so `running` never drops below what runs.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
