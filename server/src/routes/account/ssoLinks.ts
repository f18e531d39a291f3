/** The sign-in page's single sign-on options and the caller's linked sign-ins (issue 26). */
import { deleteIdentity, identitiesOfUser } from '../../db/repositories/sso.js';
import { withTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { allProviders } from '../../services/sso/providerRegistry.js';
import { currentUser } from './guards.js';
import { keepAWayToSignIn, lockWaysToSignIn } from './lastWayToSignIn.js';

export { ONLY_WAY_TO_SIGN_IN } from './lastWayToSignIn.js';

export const ssoLinkHandlers: Handlers = {
  async accountSsoOptions(request) {
    const providers = (await allProviders(request.server)).filter((p) => p.enabled);
    const { accountPolicy: policy } = await request.server.settings.get();
    return {
      providers: providers.map((p) => ({ id: p.id, name: p.name })),
      passwordSignUp: policy.allowRegister && !policy.ssoOnly,
    };
  },

  async accountSsoLinks(request) {
    const user = await currentUser(request);
    const names = new Map((await allProviders(request.server)).map((p) => [p.id, p.name]));
    const identities = await identitiesOfUser(request.server.db, user.id);
    return identities.map((i) => ({
      provider: i.provider,
      providerName: names.get(i.provider) ?? i.provider,
      email: i.email,
      linkedAt: i.linkedAt,
      lastUsedAt: i.lastUsedAt,
    }));
  },

  async accountSsoUnlink(request) {
    const user = await currentUser(request);
    const { provider } = request.params;
    // Counted and deleted in one transaction, so two unlinks at once cannot both pass the check.
    await withTransaction(request.server.db, async (trx) => {
      await lockWaysToSignIn(trx, user.id);
      const identities = await identitiesOfUser(trx, user.id);
      if (!identities.some((i) => i.provider === provider))
        throw notFound('No sign-in of this provider is linked to your account');
      await deleteIdentity(trx, user.id, provider);
      await keepAWayToSignIn(trx, user);
    });
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} unlinked the sign-in with ${provider}`,
    );
  },
};
