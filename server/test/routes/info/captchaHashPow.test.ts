// Sign-up, sign-in and recovery behind a real Hash-PoW challenge, solved here at difficulty 8.
import { beforeAll, expect, it } from 'vitest';
import { isPowSolution, solvePow } from '#server/domain/hashPow.js';
import { CAPTCHA_FAILED } from '#server/routes/account/guards.js';
import { rowsFromSettings } from '#server/domain/siteSettings.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount, PASSWORD } from '../account/support.js';

describeEachDatabase('Hash-PoW captcha on the account flows', (getDb) => {
  const server = useTestApp(getDb, {
    config: () =>
      testConfig({ VEXIL_CAPTCHA_PROVIDER: 'HashPow', VEXIL_CAPTCHA_POW_DIFFICULTY: '8' }),
  });
  beforeAll(async () => {
    await server.app.settings.save(rowsFromSettings({ accountPolicy: { useCaptcha: true } }));
  });

  /** A fresh challenge with a right and a wrong answer. */
  async function solved(): Promise<{ answer: string; wrong: string }> {
    const response = await caller(server.app)({ method: 'GET', url: '/api/captcha/powchallenge' });
    const { id, challenge, difficulty } = response.json();
    const bytes = Buffer.from(challenge, 'hex');
    const nonce = solvePow(bytes, difficulty);
    const wrong = Buffer.alloc(8);
    for (let n = 0n; isPowSolution(bytes, wrong, difficulty); n++) wrong.writeBigUInt64BE(n);
    return { answer: `${id}:${nonce.toString('hex')}`, wrong: `${id}:${wrong.toString('hex')}` };
  }

  const register = async (challenge: string | null | undefined, name: string) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: name, email: `${name}@example.com`, password: PASSWORD, challenge },
    });
    return response;
  };

  it('registers with a solved challenge, once', async () => {
    const { answer, wrong } = await solved();
    const failed = await register(wrong, 'powwrong');
    expect(failed.statusCode).toBe(400);
    expect(failed.json().title).toBe(CAPTCHA_FAILED);
    // A wrong answer leaves the challenge usable.
    const response = await register(answer, 'powuser');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe('LoggedIn');
    expect((await register(answer, 'powreuse')).statusCode).toBe(400);
  });

  it('refuses missing, malformed and unknown answers with 400, never 500', async () => {
    const { answer } = await solved();
    const id = answer.split(':')[0];
    for (const bad of [
      undefined,
      null,
      '',
      id,
      `${id}:zzzzzzzzzzzzzzzz`,
      `${id}:0123`,
      `${id}:0000000000000000:00`,
      `ffffffffffff:${answer.split(':')[1]}`,
    ]) {
      expect((await register(bad, 'powbad')).statusCode, String(bad)).toBe(400);
    }
  });

  it('guards sign-in and recovery too', async () => {
    const user = await createAccount(server.app);
    const login = (challenge?: string) =>
      caller(server.app)({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: user.userName, password: PASSWORD, challenge },
      });
    expect((await login()).statusCode).toBe(400);
    expect((await login((await solved()).answer)).statusCode).toBe(200);
    const recovery = await caller(server.app)({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email: user.email },
    });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().title).toBe(CAPTCHA_FAILED);
  });
});
