// Sign-up with email confirmation, through a real SMTP server: register → mail → verify.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { findUserByEmail } from '#server/db/repositories/users.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { mailLink, startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import { b64, mintToken } from './mailTokens.js';
import {
  createAccount,
  DEFAULT_POLICY,
  PASSWORD,
  profileOf,
  sessionCookie,
  setAccountPolicy,
  signedInCaller,
} from './support.js';

const THREE_HOURS = 3 * 60 * 60 * 1000;

describeEachDatabase('register with email confirmation, then POST /api/account/verify', (getDb) => {
  // The mail server starts before the app (whose configuration names it) and stops after it.
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  const server = useTestApp(getDb, {
    config: () =>
      testConfig({ VEXIL_SMTP_URL: smtp.url, VEXIL_PUBLIC_URL: 'https://ctf.example.org/' }),
  });
  beforeEach(() =>
    setAccountPolicy(server.app, {
      ...DEFAULT_POLICY,
      activeOnRegister: false,
      emailConfirmationRequired: true,
    }),
  );

  const register = (userName: string, email: string, password = PASSWORD) =>
    caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName, email, password },
    });
  const verify = async (payload: Record<string, unknown>) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/verify',
      payload,
    });
    return response;
  };

  it('mails a link whose token and email verify the account and sign it in', async () => {
    const response = await register('mailme', 'MailMe@Example.com');
    expect(response.json()).toMatchObject({ data: 'EmailConfirmationRequired', status: 200 });
    expect(sessionCookie(response)).toBeUndefined();

    const mail = await smtp.nextMailTo('mailme@example.com');
    expect(mail.from).toBe('Vexil <noreply@localhost>');
    expect(mail.subject).toMatch(/Confirm your email/);
    expect(mail.html).toContain('href="https://ctf.example.org/account/verify?token=');
    expect(mail.html).not.toMatch(/src=|https?:\/\/(?!ctf\.example\.org)/);
    const link = mailLink(mail);
    expect(link).toMatchObject({ origin: 'https://ctf.example.org', path: '/account/verify' });
    expect(Buffer.from(link.email, 'base64').toString()).toBe('MailMe@Example.com');

    const before = Date.now();
    const verified = await verify({ token: link.token, email: link.email });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toBe('');
    const profile = await profileOf(signedInCaller(server.app, verified));
    expect(profile.json()).toMatchObject({ userName: 'mailme', email: 'MailMe@Example.com' });
    const user = await findUserByEmail(server.app.db, 'mailme@example.com');
    expect(user?.emailConfirmed).toBe(true);
    expect(user?.registerTime).toBeGreaterThanOrEqual(before);
    expect(user?.lastVisited).toBeGreaterThanOrEqual(before);

    const again = await verify({ token: link.token, email: link.email });
    expect(again.statusCode).toBe(400);
  });

  it('mails again for an unconfirmed account, keeping its name and password', async () => {
    await register('firsttry', 'again@example.com');
    await smtp.nextMailTo('again@example.com');
    const response = await register('secondtry', 'AGAIN@example.com', 'Other123');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe('EmailConfirmationRequired');
    const link = mailLink(await smtp.nextMailTo('again@example.com'));
    expect((await verify({ token: link.token, email: link.email })).statusCode).toBe(200);
    expect(await findUserByEmail(server.app.db, 'again@example.com')).toMatchObject({
      userName: 'firsttry',
    });
  });

  it('answers 401 to a wrong, expired or foreign token', async () => {
    const user = await createAccount(server.app, { emailConfirmed: false });
    const other = await createAccount(server.app, { emailConfirmed: false });
    const expired = await mintToken(server.app, 'verify', user, {
      issuedAt: Date.now() - THREE_HOURS,
    });
    const reset = await mintToken(server.app, 'reset', user);
    const foreign = await mintToken(server.app, 'verify', other);
    for (const token of [b64('v1.nonsense.token'), expired.token, reset.token, foreign.token]) {
      const response = await verify({ token, email: b64(user.email) });
      expect(response.statusCode).toBe(401);
      expect(response.json().status).toBe(401);
    }
    const good = await mintToken(server.app, 'verify', user);
    expect((await verify(good)).statusCode).toBe(200);
  });

  it('answers 400 to Base64 that does not decode and to an unknown or confirmed email', async () => {
    const confirmed = await createAccount(server.app);
    const token = (await mintToken(server.app, 'verify', confirmed)).token;
    for (const payload of [
      { token: '***', email: b64(confirmed.email) },
      { token, email: 'not base64!' },
      { token, email: Buffer.from([0xff, 0xfe]).toString('base64') },
      { token, email: b64('nobody@example.com') },
      { token, email: b64(confirmed.email) },
      { token: '', email: b64(confirmed.email) },
    ]) {
      const response = await verify(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 400 when the verification mail cannot be delivered', async () => {
    smtp.refuse = true;
    try {
      const response = await register('refused', 'refused@example.com');
      expect(response.statusCode).toBe(400);
      expect(response.json().title).toMatch(/could not be sent/);
    } finally {
      smtp.refuse = false;
    }
  });
});
