/** Issues and checks account tokens with a key derived from the server secret (loaded once). */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import {
  deriveKey,
  signAccountToken,
  verifyAccountToken,
  type TokenPurpose,
} from '../domain/accountTokens.js';
import { loadServerSecret } from './serverSecret.js';

export interface TokenUser {
  id: string;
  email: string;
  securityStamp: string;
}

export class AccountTokenService {
  private key?: Promise<Buffer>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly configuredSecret?: string,
    private readonly clock: () => number = Date.now,
  ) {}

  private getKey(): Promise<Buffer> {
    this.key ??= loadServerSecret(this.db, this.configuredSecret).then((secret) =>
      deriveKey(secret, 'account-tokens'),
    );
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }

  /** A token for `user`, mailed to `email` (their own address unless it is a new one). */
  async issue(purpose: TokenPurpose, user: TokenUser, email = user.email): Promise<string> {
    const subject = { userId: user.id, email, securityStamp: user.securityStamp };
    return signAccountToken(await this.getKey(), purpose, subject, this.clock());
  }

  async verify(
    purpose: TokenPurpose,
    token: string,
    user: TokenUser,
    email = user.email,
  ): Promise<boolean> {
    const subject = { userId: user.id, email, securityStamp: user.securityStamp };
    return verifyAccountToken(await this.getKey(), token, purpose, subject, this.clock());
  }
}
