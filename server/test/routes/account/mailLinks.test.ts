// Where mailed links point (issue 13, finding 7): only at VEXIL_PUBLIC_URL, or at the request's
// host when it is on VEXIL_ALLOWED_HOSTS; a forged Host header never reaches a mail, and without
// either setting the flows refuse clearly, with a warning at start. Real SMTP server.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLogs } from '#server/db/repositories/logs.js';
import { LINK_HOST_NOT_ALLOWED, LINK_ORIGIN_NOT_CONFIGURED } from '#server/services/accountMail.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApps } from '../../support/harness.js';
import { mailLink, startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import { createAccount, DEFAULT_POLICY, logIn, setAccountPolicy } from './support.js';

const EVIL = 'evil.example';

describeEachDatabase('links in account mails', (getDb) => {
  // The mail server stops after the apps that mail through it.
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  const startApp = useTestApps(getDb);

  /** An app mailing through the test server, with the mail flows on. */
  const mailingApp = async (env: Record<string, string>) => {
    const app = await startApp(testConfig({ VEXIL_SMTP_URL: smtp.url, ...env }));
    await setAccountPolicy(app, {
      ...DEFAULT_POLICY,
      activeOnRegister: false,
      emailConfirmationRequired: true,
    });
    return app;
  };
  const recovery = async (app: FastifyInstance, email: string, headers: Record<string, string>) => {
    const response = await caller(app)({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email },
      headers,
    });
    return response;
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const mentionsEvil = (email: string) =>
    mailsTo(email).some((m) => m.text.includes(EVIL) || m.html.includes(EVIL));

  describe('with VEXIL_ALLOWED_HOSTS', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await mailingApp({ VEXIL_ALLOWED_HOSTS: 'ctf.example.org, play.example.org:8443' });
    });

    it('mails links to an allowed host the request came to, never to another', async () => {
      const user = await createAccount(app);
      for (const host of ['CTF.example.org:8080', 'play.example.org:8443']) {
        expect((await recovery(app, user.email, { host })).statusCode).toBe(200);
        const link = mailLink(await smtp.nextMailTo(user.email));
        expect(link.origin).toBe(`http://${host.toLowerCase()}`);
      }
      const attempts: Record<string, string>[] = [
        { host: EVIL },
        { host: 'play.example.org:9999' },
        { host: 'ctf.example.org', 'x-forwarded-host': EVIL },
      ];
      for (const headers of attempts) {
        const response = await recovery(app, user.email, headers);
        if (headers['x-forwarded-host']) {
          // Not from a trusted proxy: the Host header counts, and it is allowed.
          expect(response.statusCode).toBe(200);
          expect(mailLink(await smtp.nextMailTo(user.email)).origin).toBe('http://ctf.example.org');
        } else {
          expect(response.statusCode, headers.host).toBe(400);
          expect(response.json()).toEqual({ title: LINK_HOST_NOT_ALLOWED, status: 400 });
        }
      }
      expect(mailsTo(user.email)).toHaveLength(3);
      expect(mentionsEvil(user.email)).toBe(false);

      // VEXIL_PUBLIC_URL, when set, wins over any host, even an allowed one.
      const withUrl = await mailingApp({
        VEXIL_PUBLIC_URL: 'https://ctf.example.org',
        VEXIL_ALLOWED_HOSTS: EVIL,
      });
      const other = await createAccount(withUrl);
      expect((await recovery(withUrl, other.email, { host: EVIL })).statusCode).toBe(200);
      expect(mailLink(await smtp.nextMailTo(other.email)).origin).toBe('https://ctf.example.org');
      expect(mentionsEvil(other.email)).toBe(false);
    });
  });

  describe('with neither setting', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await mailingApp({});
    });

    it('refuses every flow that mails a link, with a clear 400, and mails nothing', async () => {
      const user = await createAccount(app);
      const recovered = await recovery(app, user.email, { host: EVIL });
      expect(recovered.statusCode).toBe(400);
      expect(recovered.json()).toEqual({ title: LINK_ORIGIN_NOT_CONFIGURED, status: 400 });

      const email = `${user.userName}-new@example.com`;
      const registered = await caller(app)({
        method: 'POST',
        url: '/api/account/register',
        payload: { userName: `${user.userName}r`, email, password: 'Secret123' },
        headers: { host: EVIL },
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json().title).toBe(LINK_ORIGIN_NOT_CONFIGURED);

      const changed = await (
        await logIn(app, user.userName)
      )({
        method: 'PUT',
        url: '/api/account/changeemail',
        payload: { newMail: `changed-${user.email}` },
        headers: { host: EVIL },
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().title).toBe(LINK_ORIGIN_NOT_CONFIGURED);

      for (const to of [user.email, email, `changed-${user.email}`])
        expect(mailsTo(to)).toHaveLength(0);
    });

    it('warned at start that mail is configured without a link origin', async () => {
      await app.logStore.flush();
      const warnings = await listLogs(app.db, { level: 'Warning', skip: 0, count: 100 });
      expect(
        warnings.some(
          (e) =>
            e.message.includes('VEXIL_PUBLIC_URL') && e.message.includes('VEXIL_ALLOWED_HOSTS'),
        ),
      ).toBe(true);
    });
  });
});
