// Without VEXIL_SMTP_URL every flow that needs a mail answers 400 and logs the link instead.
import { beforeAll, expect, it } from 'vitest';
import { listLogs } from '#server/db/repositories/logs.js';
import { findUserByEmail } from '#server/db/repositories/users.js';
import { MAIL_NOT_CONFIGURED } from '#server/services/accountMail.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount, DEFAULT_POLICY, logIn, PASSWORD, setAccountPolicy } from './support.js';

describeEachDatabase('account mails without an SMTP server', (getDb) => {
  const server = useTestApp(getDb);
  beforeAll(async () => {
    await setAccountPolicy(server.app, {
      ...DEFAULT_POLICY,
      activeOnRegister: false,
      emailConfirmationRequired: true,
    });
  });

  const warnings = async () => {
    await server.app.logStore.flush();
    return listLogs(server.app.db, { level: 'Warning', skip: 0, count: 100 });
  };

  it('register answers 400 and logs the verification link for an administrator', async () => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'nosmtp', email: 'nosmtp@example.com', password: PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toBe(MAIL_NOT_CONFIGURED);
    expect(await findUserByEmail(server.app.db, 'nosmtp@example.com')).toMatchObject({
      emailConfirmed: false,
    });
    const logged = (await warnings()).find((e) => e.message.includes('nosmtp@example.com'));
    expect(logged?.message).toMatch(/\/account\/verify\?token=[^&]+&email=/);
  });

  it('recovery and email change answer 400 too', async () => {
    const user = await createAccount(server.app);
    const recovery = await caller(server.app)({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email: user.email },
    });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().title).toBe(MAIL_NOT_CONFIGURED);
    // An unknown address gets the same answer: the form tells nobody who is registered.
    const unknown = await caller(server.app)({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(recovery.json());
    expect((await warnings()).some((e) => e.message.includes('/account/reset?token='))).toBe(true);
    const change = await (
      await logIn(server.app, user.userName)
    )({ method: 'PUT', url: '/api/account/changeemail', payload: { newMail: 'n@example.com' } });
    expect(change.statusCode).toBe(400);
    expect((await warnings()).some((e) => e.message.includes('/account/confirm?token='))).toBe(
      true,
    );
  });
});
