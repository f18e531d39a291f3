/**
 * Authenticator secrets at rest: AES-256-GCM with a key derived from the server secret
 * (services/serverSecret.ts), so a copy of the database alone does not reveal them. Stored as
 * `v1:<iv>:<tag>:<ciphertext>` (Base64url); the user id is the associated data, so a secret
 * copied onto another account's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { deriveKey } from '../../domain/accountTokens.js';
import { loadServerSecret } from '../serverSecret.js';

const VERSION = 'v1';

export class SecretBox {
  private key?: Promise<Buffer>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly configuredSecret?: string,
  ) {}

  private getKey(): Promise<Buffer> {
    this.key ??= loadServerSecret(this.db, this.configuredSecret).then((secret) =>
      deriveKey(secret, 'totp-secrets'),
    );
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }

  async seal(plain: string, userId: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.getKey(), iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
    return [VERSION, ...parts].join(':');
  }

  /** The plain secret; throws when the text was not sealed with this key for this user. */
  async open(sealed: string, userId: string): Promise<string> {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || !data) throw new Error('Unknown sealed secret');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await this.getKey(),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
