// Tables of passkeys (migration 0026): WebAuthn credentials and their ceremonies' challenges.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag, Immutable } from './columns.js';

export interface PasskeysTable {
  id: Generated<number>;
  user_id: Immutable<string>;
  /** Base64URL, unique. */
  credential_id: Immutable<string>;
  /** COSE public key, Base64URL. */
  public_key: Immutable<string>;
  /** The last signature counter seen (bigint on PostgreSQL: read it through `Number`). */
  counter: Generated<number>;
  /** JSON list of transports (`internal`, `usb`, `hybrid`…). */
  transports: Generated<string>;
  /** `singleDevice` or `multiDevice`. */
  device_type: string;
  backed_up: Generated<Flag>;
  name: string;
  created_at: Immutable<EpochMs>;
  last_used_at: EpochMs | null;
}

/** `secondStep`: a password sign-in's second step, bound to the account signing in. */
export type PasskeyChallengePurpose = 'register' | 'signIn' | 'secondStep';

export interface PasskeyChallengesTable {
  /** SHA-256 hex of the token in the `vexil_passkey` cookie. */
  id: Immutable<string>;
  purpose: Immutable<PasskeyChallengePurpose>;
  /** The account of a `register` or `secondStep` ceremony; null for a sign-in (no user name). */
  user_id: Immutable<string | null>;
  /** Base64URL, as sent in the options. */
  challenge: Immutable<string>;
  expires_at: Immutable<EpochMs>;
}

export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export type PasskeyRow = Selectable<PasskeysTable>;
