// Password recovery through a real SMTP server: recovery → mail → password reset.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { mailLink, startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import { b64, mintToken } from './mailTokens.js';
import {
  createAccount,
  DEFAULT_POLICY,
  logIn,
  PASSWORD,
  profileOf,
  setAccountPolicy,
} from './support.js';

describeEachDatabase('POST /api/account/recovery and /passwordreset', (getDb) => {
  // The mail server starts before the app (whose configuration names it) and stops after it.
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  const server = useTestApp(getDb, {
    config: () => testConfig({ VEXIL_SMTP_URL: smtp.url, VEXIL_ALLOWED_HOSTS: 'ctf.test' }),
  });
  beforeEach(() =>
    setAccountPolicy(server.app, { ...DEFAULT_POLICY, emailConfirmationRequired: true }),
  );

  const recovery = async (email: string, headers: Record<string, string> = {}) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email },
      headers,
    });
    return response;
  };
  const reset = async (payload: Record<string, unknown>) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/passwordreset',
      payload,
    });
    return response;
  };
  const canLogIn = async (userName: string, password: string) =>
    (
      await caller(server.app)({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName, password },
      })
    ).statusCode === 200;

  it('mails a reset link; the new password works, the old one and the link do not', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const response = await recovery(user.email.toUpperCase(), { host: 'ctf.test:8080' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200 });

    const mail = await smtp.nextMailTo(user.email);
    expect(mail.subject).toMatch(/Reset your password/);
    const link = mailLink(mail);
    // No VEXIL_PUBLIC_URL: the link points where the request came (an allowed host).
    expect(link).toMatchObject({ origin: 'http://ctf.test:8080', path: '/account/reset' });

    const done = await reset({ email: link.email, rToken: link.token, password: 'Fresh789' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toBe('');
    expect(await canLogIn(user.userName, PASSWORD)).toBe(false);
    expect(await canLogIn(user.userName, 'Fresh789')).toBe(true);
    expect((await profileOf(session)).statusCode).toBe(401);

    const twice = await reset({ email: link.email, rToken: link.token, password: 'Again7890' });
    expect(twice.statusCode).toBe(400);
    expect(await canLogIn(user.userName, 'Fresh789')).toBe(true);
  });

  it('answers a known, an unknown and an unconfirmed email alike, and mails only the known one', async () => {
    const known = await createAccount(server.app);
    const unconfirmed = await createAccount(server.app, { emailConfirmed: false });
    const answers = [];
    for (const email of [known.email, 'nobody@example.com', unconfirmed.email]) {
      const response = await recovery(email, { host: 'ctf.test' });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        title: 'If a confirmed account has this email, a password reset link was mailed to it',
        status: 200,
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(mailLink(await smtp.nextMailTo(known.email)).path).toBe('/account/reset');
    expect(smtp.received.some((m) => m.to.includes(unconfirmed.email))).toBe(false);
    expect(smtp.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);

    // The same refusal for each when the mail flows are off.
    await setAccountPolicy(server.app, { emailConfirmationRequired: false });
    const refused = [];
    for (const email of [known.email, 'nobody@example.com']) {
      const response = await recovery(email);
      refused.push({ status: response.statusCode, body: response.json() });
    }
    expect(refused[0].status).toBe(400);
    expect(refused[1]).toEqual(refused[0]);
  });

  it('answers 400 when the mail flows are off, so the user must ask an admin', async () => {
    await setAccountPolicy(server.app, { emailConfirmationRequired: false });
    const user = await createAccount(server.app);
    const response = await recovery(user.email);
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toMatch(/administrator/);
  });

  it('refuses a reset with a bad token, a wrong purpose, an unknown email or bad Base64', async () => {
    const user = await createAccount(server.app);
    const other = await createAccount(server.app);
    const good = await mintToken(server.app, 'reset', user);
    const verifyToken = await mintToken(server.app, 'verify', user);
    const othersToken = await mintToken(server.app, 'reset', other);
    const expired = await mintToken(server.app, 'reset', user, {
      issuedAt: Date.now() - 4 * 3600_000,
    });
    for (const [label, payload] of [
      ['verify token', { ...good, rToken: verifyToken.token }],
      ['other user', { ...good, rToken: othersToken.token }],
      ['expired', { ...good, rToken: expired.token }],
      ['unknown email', { ...good, email: b64('nobody@example.com') }],
      ['bad Base64 email', { ...good, email: '%%%' }],
      ['bad Base64 token', { ...good, rToken: 'a' }],
    ] as const) {
      const response = await reset({
        email: payload.email,
        rToken: 'rToken' in payload ? payload.rToken : payload.token,
        password: 'Fresh789',
      });
      expect(response.statusCode, label).toBe(400);
    }
    const weak = await reset({ email: good.email, rToken: good.token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    const ok = await reset({ email: good.email, rToken: good.token, password: 'Fresh789' });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 200 even when the reset mail cannot be delivered, as for an unknown email', async () => {
    const user = await createAccount(server.app);
    smtp.refuse = true;
    try {
      const response = await recovery(user.email, { host: 'ctf.test' });
      expect(response.statusCode).toBe(200);
      const unknown = await recovery('nobody@example.com', { host: 'ctf.test' });
      expect(response.json()).toEqual(unknown.json());
    } finally {
      smtp.refuse = false;
    }
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const user = await createAccount(server.app);
    const link = await mintToken(server.app, 'reset', user);
    const [first, second] = await Promise.all([
      reset({ email: link.email, rToken: link.token, password: 'RaceOne111' }),
      reset({ email: link.email, rToken: link.token, password: 'RaceTwo222' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const winner = first.statusCode === 200 ? 'RaceOne111' : 'RaceTwo222';
    const loser = first.statusCode === 200 ? 'RaceTwo222' : 'RaceOne111';
    expect(await canLogIn(user.userName, winner)).toBe(true);
    expect(await canLogIn(user.userName, loser)).toBe(false);
  });
});
