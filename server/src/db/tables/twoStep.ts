// Tables of two-step sign-in (migration 0025): authenticator-app secrets, recovery codes and
// sign-ins waiting for their second step.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Immutable } from './columns.js';

export interface UserTotpTable {
  user_id: Immutable<string>;
  /** Encrypted with a key derived from the server secret (services/secondStep/secretBox.ts). */
  secret: string;
  created_at: EpochMs;
  /** Null while the enrolment is not confirmed. */
  enabled_at: EpochMs | null;
  /** The 30-second step of the last accepted code: that step and earlier ones are refused. */
  last_time_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: Immutable<string>;
  /** SHA-256 hex of the normalised code. */
  code_hash: Immutable<string>;
  created_at: Immutable<EpochMs>;
  used_at: EpochMs | null;
}

export const PENDING_PURPOSES = ['SecondStep', 'Enrol'] as const;
export type PendingPurpose = (typeof PENDING_PURPOSES)[number];

export interface PendingSignInsTable {
  /** SHA-256 hex of the `vexil_second_step` cookie's token. */
  id: Immutable<string>;
  user_id: Immutable<string>;
  purpose: Immutable<PendingPurpose>;
  /** The user's security stamp at the password step: a later change voids the row. */
  security_stamp: Immutable<string>;
  created_at: Immutable<EpochMs>;
  expires_at: Immutable<EpochMs>;
  attempts: Generated<number>;
}

export interface TwoStepTables {
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
}

export type UserTotpRow = Selectable<UserTotpTable>;
export type PendingSignInRow = Selectable<PendingSignInsTable>;
