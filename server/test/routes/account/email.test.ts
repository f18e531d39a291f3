// Email change through a real SMTP server: changeemail → mail to the new address → confirm.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { findUserById } from '#server/db/repositories/users.js';
import { caller, testConfig, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { mailLink, startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import { b64, mintToken } from './mailTokens.js';
import {
  createAccount,
  DEFAULT_POLICY,
  logIn,
  profileOf,
  setAccountPolicy,
  signedInCaller,
} from './support.js';

describeEachDatabase('PUT /api/account/changeemail and POST /mailchangeconfirm', (getDb) => {
  // The mail server starts before the app (whose configuration names it) and stops after it.
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  const server = useTestApp(getDb, {
    config: () =>
      testConfig({ VEXIL_SMTP_URL: smtp.url, VEXIL_PUBLIC_URL: 'https://ctf.example.org' }),
  });
  beforeEach(() =>
    setAccountPolicy(server.app, { ...DEFAULT_POLICY, emailConfirmationRequired: true }),
  );

  const changeEmail = async (call: Caller, newMail: string) => {
    const response = await call({
      method: 'PUT',
      url: '/api/account/changeemail',
      payload: { newMail },
    });
    return response;
  };
  const confirm = async (call: Caller, payload: Record<string, unknown>) => {
    const response = await call({ method: 'POST', url: '/api/account/mailchangeconfirm', payload });
    return response;
  };

  it('mails the new address; its link changes the email and keeps only this session', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const other = await logIn(server.app, user.userName);
    const newMail = `new-${user.email}`;
    const response = await changeEmail(session, newMail);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: true, status: 200 });
    expect((await findUserById(server.app.db, user.id))?.email).toBe(user.email);

    const mail = await smtp.nextMailTo(newMail);
    expect(mail.subject).toMatch(/new email/);
    const link = mailLink(mail);
    expect(link.path).toBe('/account/confirm');
    const done = await confirm(session, { token: link.token, email: link.email });
    expect(done.statusCode).toBe(200);
    expect(done.body).toBe('');
    const renewed = signedInCaller(server.app, done);
    expect((await profileOf(renewed)).json().email).toBe(newMail);
    expect((await profileOf(other)).statusCode).toBe(401);
    await logIn(server.app, newMail);

    const again = await confirm(renewed, { token: link.token, email: link.email });
    expect(again.statusCode).toBe(400);
  });

  it('answers 400 with data false while the mail flows are off', async () => {
    await setAccountPolicy(server.app, { emailConfirmationRequired: false });
    const user = await createAccount(server.app);
    const response = await changeEmail(await logIn(server.app, user.userName), `x-${user.email}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: false, status: 400 });
  });

  it('refuses an address in use (in any case) or outside the allowed domains', async () => {
    const user = await createAccount(server.app);
    const other = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    for (const address of [other.email.toUpperCase(), user.email]) {
      const response = await changeEmail(session, address);
      expect(response.statusCode).toBe(400);
      expect(response.json().title).toMatch(/already used/);
    }
    await setAccountPolicy(server.app, { emailDomainList: 'school.edu' });
    const outside = await changeEmail(session, 'me@elsewhere.org');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().title).toMatch(/domain/);
    expect((await changeEmail(session, `${user.userName}@school.edu`)).statusCode).toBe(200);
  });

  it('refuses a confirmation with another user’s token, another address or an old token', async () => {
    const user = await createAccount(server.app);
    const thief = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const newMail = `moved-${user.email}`;
    const token = await mintToken(server.app, 'changeEmail', user, { email: newMail });
    const expired = await mintToken(server.app, 'changeEmail', user, {
      email: newMail,
      issuedAt: Date.now() - 4 * 3600_000,
    });
    const reset = await mintToken(server.app, 'reset', user, { email: newMail });
    const cases = [
      ['someone else', await logIn(server.app, thief.userName), token],
      ['another address', session, { ...token, email: b64(`other-${user.email}`) }],
      ['expired', session, expired],
      ['reset token', session, reset],
      ['bad Base64', session, { ...token, token: '!!' }],
    ] as const;
    for (const [label, call, payload] of cases) {
      expect((await confirm(call, payload)).statusCode, label).toBe(400);
    }
    expect((await confirm(session, token)).statusCode).toBe(200);
  });

  it('refuses the confirmation when the address was taken meanwhile', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const wanted = `wanted-${user.email}`;
    const token = await mintToken(server.app, 'changeEmail', user, { email: wanted });
    await createAccount(server.app, { email: wanted.toUpperCase() });
    const response = await confirm(session, token);
    expect(response.statusCode).toBe(400);
    expect((await findUserById(server.app.db, user.id))?.email).toBe(user.email);
  });

  it('answers 401 signed out', async () => {
    expect((await changeEmail(caller(server.app), 'a@example.com')).statusCode).toBe(401);
    const token = { token: b64('x'), email: b64('a@example.com') };
    expect((await confirm(caller(server.app), token)).statusCode).toBe(401);
  });
});
