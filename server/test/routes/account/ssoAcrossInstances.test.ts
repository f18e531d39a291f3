// Single sign-on on two instances of one deployment (issue 26): a sign-in started on one instance
// is finished by the other (the flow is a database row, not process memory), once only, and a
// provider added through one is offered by the other.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { signIn, testConfig } from '../../support/app.js';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../support/oidcProvider.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import {
  addProviders,
  callback,
  cookieOf,
  locationOf,
  redirectUris,
  SITE,
  startSso,
} from './ssoSupport.js';

describe(
  'single sign-on on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances((env) => testConfig({ ...env, VEXIL_PUBLIC_URL: SITE }));
    let idp: TestIdentityProvider;
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(async () => {
      ({ one, two } = cluster);
      idp = await startTestIdentityProvider(redirectUris());
      await addProviders(await signIn(one, 'Admin'), idp);
    });
    afterAll(() => idp.close());

    it('finishes on one instance a sign-in started on the other, once', async () => {
      const options = await two.inject({ method: 'GET', url: '/api/account/sso' });
      expect(options.json().providers.map((p: { id: string }) => p.id)).toContain('idp');

      const started = await startSso(one, 'idp', '?from=/posts');
      const back = await idp.authorize(started.url.href, 'nina');
      const finished = await callback(two, back, { browser: started.browser });
      expect(locationOf(finished).pathname).toBe('/posts');
      expect(cookieOf(finished, SESSION_COOKIE)).toBeDefined();

      const replayed = await callback(one, back, { browser: started.browser });
      expect(locationOf(replayed).searchParams.get('sso_error')).toBe('InvalidState');
      expect(cookieOf(replayed, SESSION_COOKIE)).toBeUndefined();
    });
  },
);
