// The administrators' users list says how each user can sign in (issue 26, item 5): a password,
// an authenticator app, passkeys, single sign-on links and API tokens. The credentials are put in
// place through the repositories (each has its own end-to-end tests); this checks the list.
import { expect, it } from 'vitest';
import { createApiToken } from '#server/db/repositories/apiTokens.js';
import { insertPasskey } from '#server/db/repositories/passkeys.js';
import { insertIdentity } from '#server/db/repositories/sso.js';
import { enableTotp, saveTotpEnrolment } from '#server/db/repositories/twoStep.js';
import { createUser } from '#server/db/repositories/users.js';
import { hashApiToken, newApiToken } from '#server/domain/apiTokens.js';
import { buildNewUser } from '../../support/builders.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

interface Listed {
  id: string;
  signIn: {
    password: boolean;
    authenticatorApp: boolean;
    passkeys: boolean;
    singleSignOn: string[];
    apiTokens: boolean;
  };
}

describeEachDatabase('admin users list: how each user signs in', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('shows each way set up, per user, in the list and the search', async () => {
    const { db } = server.app;
    const now = Date.now();
    const plain = await createUser(db, buildNewUser());
    const secured = await createUser(db, buildNewUser());
    const campus = await createUser(db, { ...buildNewUser(), passwordHash: null });
    const scripted = await createUser(db, buildNewUser());
    const lapsed = await createUser(db, buildNewUser());

    await saveTotpEnrolment(db, secured.id, 'sealed secret', now);
    await enableTotp(db, secured.id, 1, now);
    await insertPasskey(db, {
      userId: secured.id,
      credentialId: 'credential-1',
      publicKey: 'public key',
      counter: 0,
      transports: ['internal'],
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Laptop',
      createdAt: now,
    });
    await insertIdentity(db, {
      provider: 'campus',
      subject: 'student-42',
      userId: campus.id,
      email: null,
      linkedAt: now,
    });
    await insertIdentity(db, {
      provider: 'github',
      subject: '4242',
      userId: campus.id,
      email: null,
      linkedAt: now,
    });
    const token = (userId: string, expiresAt: number | null) =>
      createApiToken(db, {
        userId,
        name: 'bot',
        scope: 'Play',
        tokenHash: hashApiToken(newApiToken()),
        now,
        expiresAt,
      });
    await token(scripted.id, null);
    await token(lapsed.id, now - 1); // expired: not a way in any more
    // An enrolment never confirmed is not a second step.
    await saveTotpEnrolment(db, plain.id, 'sealed secret', now);

    const page = await admin({ method: 'GET', url: '/api/admin/users', query: { count: '500' } });
    expect(page.statusCode).toBe(200);
    const listed = new Map((page.json().data as Listed[]).map((user) => [user.id, user.signIn]));
    const none = { authenticatorApp: false, passkeys: false, singleSignOn: [], apiTokens: false };
    expect(listed.get(plain.id)).toEqual({ password: true, ...none });
    expect(listed.get(secured.id)).toEqual({
      ...none,
      password: true,
      authenticatorApp: true,
      passkeys: true,
    });
    expect(listed.get(campus.id)).toEqual({
      ...none,
      password: false,
      singleSignOn: ['campus', 'github'],
    });
    expect(listed.get(scripted.id)).toEqual({ ...none, password: true, apiTokens: true });
    expect(listed.get(lapsed.id)).toEqual({ password: true, ...none });

    const search = await admin({
      method: 'POST',
      url: '/api/admin/users/search',
      query: { hint: campus.userName },
    });
    expect(search.statusCode).toBe(200);
    expect((search.json().data as Listed[]).find((user) => user.id === campus.id)?.signIn).toEqual(
      listed.get(campus.id),
    );
  });
});
