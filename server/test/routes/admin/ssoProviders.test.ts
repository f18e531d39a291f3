// /api/admin/sso/providers… (issue 26): providers set in the console next to those of the
// environment; the client secret is write-only; only administrators may see or change them.
import { expect, it } from 'vitest';
import { FROM_ENVIRONMENT } from '#server/routes/admin/sso.js';
import { testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const ENVIRONMENT = JSON.stringify([
  {
    id: 'campus',
    name: 'Campus login',
    issuer: 'https://login.campus.example',
    clientId: 'ctf',
    clientSecret: 'from-the-environment',
  },
]);

const github = {
  id: 'github',
  name: 'GitHub',
  kind: 'OAuth2',
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  userInfoEndpoint: 'https://api.github.com/user',
  clientId: 'gh-client',
  clientSecret: 'gh-secret',
  scopes: 'read:user user:email',
  mapping: {
    subject: 'id',
    userName: 'login',
    email: 'email',
    emailVerified: '',
    displayName: 'name',
  },
  enabled: true,
};

describeEachDatabase('admin single sign-on providers', (getDb) => {
  const server = useTestApp(getDb, {
    config: () => testConfig({ VEXIL_SSO_PROVIDERS: ENVIRONMENT }),
  });
  const admin = server.as('Admin');
  const user = server.as('User');
  const monitor = server.as('Monitor');

  it('adds, reads, updates and deletes a provider, never answering its secret', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/admin/sso/providers',
      payload: github,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      id: 'github',
      hasClientSecret: true,
      fromEnvironment: false,
    });
    expect(created.body).not.toContain('gh-secret');

    const list = await admin({ method: 'GET', url: '/api/admin/sso/providers' });
    expect(list.json().map((p: { id: string }) => p.id)).toEqual(['campus', 'github']);
    expect(list.body).not.toContain('gh-secret');
    expect(list.body).not.toContain('from-the-environment');

    const { clientSecret: _secret, ...withoutSecret } = github;
    const updated = await admin({
      method: 'PUT',
      url: '/api/admin/sso/providers/github',
      payload: { ...withoutSecret, name: 'GitHub.com' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'GitHub.com', hasClientSecret: true });
    const stored = await server.app.db
      .selectFrom('sso_providers')
      .select('client_secret')
      .where('id', '=', 'github')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret).toBe('gh-secret');

    const options = await server.anonymous({ method: 'GET', url: '/api/account/sso' });
    expect(options.json().providers).toEqual([
      { id: 'campus', name: 'Campus login' },
      { id: 'github', name: 'GitHub.com' },
    ]);

    const deleted = await admin({ method: 'DELETE', url: '/api/admin/sso/providers/github' });
    expect(deleted.statusCode).toBe(200);
    const gone = await admin({ method: 'GET', url: '/api/admin/sso/providers/github' });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses providers that cannot work, a taken id, and changes to the environment', async () => {
    const bad = [
      { ...github, id: 'Not An Id' },
      { ...github, id: 'gh2', tokenEndpoint: 'ftp://example.org' },
      { ...github, id: 'gh3', kind: 'OpenIdConnect', issuer: '' },
      { ...github, id: 'campus' },
    ];
    for (const payload of bad) {
      const response = await admin({ method: 'POST', url: '/api/admin/sso/providers', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await admin({
        method,
        url: '/api/admin/sso/providers/campus',
        ...(method === 'PUT' ? { payload: { ...github, id: 'campus' } } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ title: FROM_ENVIRONMENT, status: 400 });
    }
  });

  it('is for administrators only', async () => {
    for (const call of [user, monitor]) {
      const list = await call({ method: 'GET', url: '/api/admin/sso/providers' });
      expect(list.statusCode).toBe(403);
      const create = await call({
        method: 'POST',
        url: '/api/admin/sso/providers',
        payload: github,
      });
      expect(create.statusCode).toBe(403);
    }
    const anonymous = await server.anonymous({ method: 'GET', url: '/api/admin/sso/providers' });
    expect(anonymous.statusCode).toBe(401);
  });
});
