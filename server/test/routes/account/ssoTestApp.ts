// The set-up shared by the single sign-on suites: the test identity provider (started once per
// file) and, per database, an app at the site's public origin with the providers added through
// the admin API and the account policy reset before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { testConfig } from '../../support/app.js';
import type { TestDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../support/oidcProvider.js';
import { DEFAULT_POLICY, setAccountPolicy } from './support.js';
import { addProviders, redirectUris, SITE } from './ssoSupport.js';

/** Starts the identity provider for the file; call at its top level. */
export function useTestIdentityProvider(): () => TestIdentityProvider {
  let idp: TestIdentityProvider | undefined;
  beforeAll(async () => {
    idp = await startTestIdentityProvider(redirectUris());
  });
  afterAll(() => idp?.close());
  return () => idp!;
}

/** The app of a `describeEachDatabase` block, set up for single sign-on against `idp`. */
export function useSsoTestApp(getDb: () => TestDatabase, idp: () => TestIdentityProvider) {
  const server = useTestApp(getDb, { config: () => testConfig({ VEXIL_PUBLIC_URL: SITE }) });
  beforeAll(() => addProviders(server.as('Admin'), idp()));
  beforeEach(() => setAccountPolicy(server.app, { ...DEFAULT_POLICY, ssoOnly: false }));
  return server;
}
