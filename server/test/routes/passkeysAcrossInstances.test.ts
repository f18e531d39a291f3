// Passkeys on two instances of one deployment (issue 26): a ceremony started on one instance ends
// on the other (the challenge is kept in the shared database), and one challenge sent through
// both at once signs in once.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_COOKIE } from '#server/routes/account/passkeyCeremony.js';
import { caller, testConfig } from '../support/app.js';
import { skipUnless } from '../support/skipReason.js';
import { SoftAuthenticator } from '../support/softAuthenticator.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';
import { accountWithSession, ceremony } from './account/passkeySupport.js';

describe(
  'passkeys on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => {
      ({ one, two } = cluster);
    });

    it('registers on one instance what the other issued, and signs in once with one challenge sent to both', async () => {
      const { token, call: onOne } = await accountWithSession(one);
      const authenticator = new SoftAuthenticator();

      // Sessions live in the shared database: the account is signed in on both instances.
      const registration = await ceremony(onOne, '/api/account/passkeys/registeroptions');
      const added = await caller(
        two,
        token,
      )({
        method: 'POST',
        url: '/api/account/passkeys',
        cookies: { [PASSKEY_COOKIE]: registration.cookie },
        payload: { name: 'Key', credential: authenticator.register(registration.options) },
      });
      expect(added.statusCode, added.body).toBe(200);

      for (let round = 0; round < 3; round++) {
        const signIn = await ceremony(caller(one), '/api/account/passkeys/signinoptions');
        const assertion = authenticator.assert(signIn.options);
        const answers = await Promise.all(
          [one, two].map((app) =>
            caller(app)({
              method: 'POST',
              url: '/api/account/passkeys/signin',
              cookies: { [PASSKEY_COOKIE]: signIn.cookie },
              payload: assertion,
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      }
    });
  },
);
