/**
 * The webhook sender, on every instance: every poll interval it claims the deliveries that are
 * due (../../db/repositories/webhookDeliveries.ts: a conditional UPDATE … RETURNING, so an
 * instance sends what it claimed and no other instance does meanwhile), sends them, and records
 * each attempt: delivered on a 2xx; otherwise tried again after a growing delay (./backoff.ts)
 * until the last attempt, then failed. A claim outlasts one attempt (the receiver's timeout) with
 * room to spare and lapses by itself if the instance dies mid-send; an instance that stops
 * interrupts its sends and gives their claims back without counting an attempt.
 *
 * The flag checker, the routes and the schedule only write rows; nothing here runs on their path.
 */
import type { Kysely } from 'kysely';
import type { WebhookConfig } from '../../config.js';
import {
  claimDueDeliveries,
  recordAttempt,
  releaseDeliveryClaims,
  type WebhookDelivery,
} from '../../db/repositories/webhookDeliveries.js';
import { findWebhook, type Webhook } from '../../db/repositories/webhooks.js';
import type { DB } from '../../db/schema.js';
import { attemptDelivery } from './attempt.js';
import { retryDelay } from './backoff.js';

/** Deliveries claimed per statement (and sent at once). */
const BATCH = 10;

export interface SenderLogger {
  warn(object: object, message: string): void;
}

export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly instanceId: string,
    private readonly config: WebhookConfig,
    private readonly log: SenderLogger,
    /** Whether an error is the database's outage (its health logs it once). */
    private readonly storageFault: (error: unknown) => boolean = () => false,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.config.pollIntervalMs);
    this.timer.unref();
  }

  /** Sends what is due now (also what the interval does); passes never overlap. */
  runOnce(): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.resolve();
    this.running ??= this.pass()
      .catch((error: unknown) => {
        if (!this.storageFault(error)) this.log.warn({ err: error }, 'Webhook sending failed');
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.running;
  }

  private async pass(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const claimed = await claimDueDeliveries(
        this.db,
        { by: this.instanceId, until: now + this.config.timeoutMs * 3, now },
        BATCH,
      );
      if (claimed.length === 0) return;
      const hooks = new Map<number, Webhook | null>();
      for (const id of new Set(claimed.map((d) => d.webhookId)))
        hooks.set(id, await findWebhook(this.db, id));
      const interrupted: number[] = [];
      await Promise.all(
        claimed.map(async (delivery) => {
          const hook = hooks.get(delivery.webhookId);
          // Deleted meanwhile: its deliveries went with it.
          if (!hook) return;
          if (!(await this.send(hook, delivery))) interrupted.push(delivery.id);
        }),
      );
      if (interrupted.length > 0) {
        await releaseDeliveryClaims(this.db, interrupted, this.instanceId);
      }
      if (this.stopping.signal.aborted || claimed.length < BATCH) return;
    }
  }

  /** One attempt, recorded; answers false when interrupted by `stop`. */
  private async send(hook: Webhook, delivery: WebhookDelivery): Promise<boolean> {
    const { timeoutMs, maxAttempts, retryBaseMs } = this.config;
    const result = await attemptDelivery(hook, delivery, {
      timeoutMs,
      stop: this.stopping.signal,
    });
    if (result.interrupted) return false;
    const attempts = delivery.attempts + 1;
    const now = Date.now();
    const status = result.ok ? 'Delivered' : attempts >= maxAttempts ? 'Failed' : 'Pending';
    await recordAttempt(this.db, delivery.id, this.instanceId, {
      status,
      statusCode: result.statusCode,
      error: result.error,
      nextAttemptAt: status === 'Pending' ? now + retryDelay(attempts, retryBaseMs) : now,
      now,
    });
    return true;
  }
}
