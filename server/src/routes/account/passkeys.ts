/** The account's passkeys (issue 26): add (options, then the new credential), list, rename,
 *  delete. Account-security operations: a session of the account's own, never a token. */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  deletePasskey,
  listPasskeys,
  renamePasskey,
  type Passkey,
} from '../../db/repositories/passkeys.js';
import { InvalidInput } from '../../domain/errors.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { issuePasskeyChallenge } from '../../services/passkeys/challenges.js';
import { passkeyCreationOptions, registerPasskey } from '../../services/passkeys/registration.js';
import { withTransaction } from '../../db/transaction.js';
import { currentUser } from './guards.js';
import { keepAWayToSignIn, lockWaysToSignIn } from './lastWayToSignIn.js';
import { relyingPartyFor, setCeremonyCookie, takeCeremonyChallenge } from './passkeyCeremony.js';

export const PASSKEY_NOT_FOUND = 'The passkey was not found';

const toModel = (p: Passkey) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

export const passkeyHandlers: Handlers = {
  async accountGetPasskeys(request) {
    const user = await currentUser(request);
    return (await listPasskeys(request.server.db, user.id)).map(toModel);
  },

  async accountPasskeyRegistrationOptions(request, reply) {
    const user = await currentUser(request);
    const rp = await relyingPartyFor(request);
    const { db } = request.server;
    const { token, challenge } = await issuePasskeyChallenge(db, 'register', user.id);
    const options = await passkeyCreationOptions(db, user, rp, challenge);
    setCeremonyCookie(request, reply, token);
    return options;
  },

  async accountAddPasskey(request, reply) {
    const user = await currentUser(request);
    const rp = await relyingPartyFor(request);
    const challenge = await takeCeremonyChallenge(request, reply, 'register');
    const log = { userName: user.userName, ip: request.ip };
    try {
      const passkey = await registerPasskey(request.server.db, {
        userId: user.id,
        name: request.body.name,
        // The spec's schema is the library's RegistrationResponseJSON, field for field.
        credential: request.body.credential as RegistrationResponseJSON,
        challenge,
        rp,
      });
      request.log.info(
        { ...log, taskStatus: 'Success' },
        `User ${user.userName} added the passkey "${passkey.name}"`,
      );
      return toModel(passkey);
    } catch (error) {
      if (error instanceof InvalidInput) {
        request.log.info(
          { ...log, taskStatus: 'Failed' },
          `User ${user.userName} failed to add a passkey: ${error.message}`,
        );
      }
      throw error;
    }
  },

  async accountRenamePasskey(request) {
    const user = await currentUser(request);
    const name = request.body.name.trim();
    if (!name) throw new InvalidInput('A passkey needs a name');
    const passkey = await renamePasskey(request.server.db, user.id, request.params.id, name);
    if (!passkey) throw notFound(PASSKEY_NOT_FOUND);
    return toModel(passkey);
  },

  async accountDeletePasskey(request) {
    const user = await currentUser(request);
    const passkey = await withTransaction(request.server.db, async (trx) => {
      await lockWaysToSignIn(trx, user.id);
      const deleted = await deletePasskey(trx, user.id, request.params.id);
      if (!deleted) throw notFound(PASSKEY_NOT_FOUND);
      await keepAWayToSignIn(trx, user);
      return deleted;
    });
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} deleted the passkey "${passkey.name}"`,
    );
  },
};
