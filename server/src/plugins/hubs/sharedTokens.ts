/**
 * The app's negotiate tokens, signed with a key derived from the server secret once the app is
 * ready (signedTokens.ts), so that every instance of the deployment accepts them. If the secret
 * cannot be read (the database is down at start), tokens stay in process and a warning says so:
 * negotiate and WebSocket must then reach the same instance.
 */
import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../../domain/accountTokens.js';
import { loadServerSecret } from '../../services/serverSecret.js';
import { SignedConnectionTokens } from './signedTokens.js';

export function sharedConnectionTokens(app: FastifyInstance): SignedConnectionTokens {
  const tokens = new SignedConnectionTokens();
  app.addHook('onReady', async () => {
    try {
      const secret = await loadServerSecret(app.db, app.config.secret);
      tokens.useKey(deriveKey(secret, 'hub-connections'));
    } catch (error) {
      app.log.warn(
        { err: error },
        'Could not read the server secret: hub connection tokens are valid on this instance only',
      );
    }
  });
  return tokens;
}
