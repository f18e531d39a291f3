/**
 * The authenticator app of an account (`app.totp`): enrolment, confirmation, code checks and the
 * recovery codes. Secrets are sealed at rest (secretBox.ts). Checking a code and using it are
 * separate: `stepOf` says which time step a code matches, and `useTimeStep` records it inside the
 * caller's transaction (refused when that step or a later one was used: a replay).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  consumeRecoveryCode,
  consumeTimeStep,
  countUnusedRecoveryCodes,
  deletePendingSignInsOf,
  deleteTwoStep,
  enableTotp,
  findTotp,
  replaceRecoveryCodes,
  saveTotpEnrolment,
} from '../../db/repositories/twoStep.js';
import { withTransaction } from '../../db/transaction.js';
import { Refused } from '../../domain/errors.js';
import { hashRecoveryCode, newRecoveryCodes } from './recoveryCodes.js';
import type { SecretBox } from './secretBox.js';
import { matchingTimeStep, newTotpSecret, normaliseCode, totpUri } from './totp.js';

export const ALREADY_ON = 'Two-step sign-in is already on: turn it off first';
export const NOT_STARTED = 'Start the enrolment first: no new authenticator secret is waiting';
export const NOT_ON = 'Two-step sign-in is not on';

export interface TotpStatus {
  totp: boolean;
  recoveryCodesLeft: number;
}

export class TotpService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly clock: () => number = Date.now,
  ) {}

  async status(userId: string): Promise<TotpStatus> {
    const totp = await findTotp(this.db, userId);
    const enabled = totp?.enabled ?? false;
    return {
      totp: enabled,
      recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(this.db, userId) : 0,
    };
  }

  /** A new unconfirmed secret (replacing an unconfirmed one); refused while one is on. */
  async enrol(userId: string, issuer: string, account: string) {
    const secret = newTotpSecret();
    const sealed = await this.box.seal(secret, userId);
    if (!(await saveTotpEnrolment(this.db, userId, sealed, this.clock())))
      throw new Refused(ALREADY_ON);
    return { secret, uri: totpUri(secret, issuer, account) };
  }

  /**
   * The time step `code` matches for the user's secret: the enabled one, or (`unconfirmed`) the
   * one waiting for confirmation. Null when the code is wrong; refused when there is no such
   * secret.
   */
  async stepOf(
    userId: string,
    code: string | null | undefined,
    which: 'enabled' | 'unconfirmed',
  ): Promise<number | null> {
    const totp = await findTotp(this.db, userId);
    if (!totp || totp.enabled !== (which === 'enabled'))
      throw new Refused(which === 'enabled' ? NOT_ON : NOT_STARTED);
    const digits = normaliseCode(code);
    if (!digits) return null;
    const secret = await this.box.open(totp.secret, userId);
    return matchingTimeStep(secret, digits, this.clock());
  }

  /** Records the step as used, in the caller's transaction; false for a replay. */
  useTimeStep(trx: Kysely<DB>, userId: string, step: number): Promise<boolean> {
    return consumeTimeStep(trx, userId, step);
  }

  /** Uses one recovery code, in the caller's transaction; false when unknown or used. */
  useRecoveryCode(trx: Kysely<DB>, userId: string, code: string): Promise<boolean> {
    return consumeRecoveryCode(trx, userId, hashRecoveryCode(code), this.clock());
  }

  /** Turns the waiting secret on (its confirming code's step counts as used) and makes the
   *  recovery codes, in the caller's transaction; null when no secret waits. */
  async confirmIn(trx: Kysely<DB>, userId: string, step: number): Promise<string[] | null> {
    const now = this.clock();
    if (!(await enableTotp(trx, userId, step, now))) return null;
    return this.replaceCodesIn(trx, userId);
  }

  /** Replaces every recovery code with ten new ones, in the caller's transaction. */
  async replaceCodesIn(trx: Kysely<DB>, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), this.clock());
    return codes;
  }

  /** Removes the app, the recovery codes and any pending sign-in; true when an app was there. */
  remove(userId: string): Promise<boolean> {
    return withTransaction(this.db, async (trx) => {
      await deletePendingSignInsOf(trx, userId);
      return deleteTwoStep(trx, userId);
    });
  }
}
