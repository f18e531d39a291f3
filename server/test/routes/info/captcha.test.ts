import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsFromSettings } from '#server/domain/siteSettings.js';
import { caller, createTestApp, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { expectMatchesSpec } from '../../support/spec.js';

describeEachDatabase('GET /api/captcha and /api/captcha/powchallenge', (getDb) => {
  const apps: FastifyInstance[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  async function appWith(env: Record<string, string>, useCaptcha: boolean) {
    const app = await createTestApp(getDb(), testConfig(env));
    apps.push(app);
    await app.settings.save(rowsFromSettings({ accountPolicy: { useCaptcha } }));
    return app;
  }
  const get = async (app: FastifyInstance, url: string, operationId: string) => {
    const response = await caller(app)({ method: 'GET', url });
    expectMatchesSpec(operationId, response);
    return response;
  };
  const config = (app: FastifyInstance) => get(app, '/api/captcha', 'infoGetCaptchaConfig');
  const challenge = (app: FastifyInstance) =>
    get(app, '/api/captcha/powchallenge', 'infoGetPowChallenge');

  const turnstile = {
    VEXIL_CAPTCHA_PROVIDER: 'CloudflareTurnstile',
    VEXIL_CAPTCHA_SITE_KEY: 'site-key-1',
    VEXIL_CAPTCHA_SECRET_KEY: 'secret-key-1',
  };

  it('shows the provider and site key only while the policy uses the captcha', async () => {
    const on = await appWith(turnstile, true);
    expect((await config(on)).json()).toEqual({
      type: 'CloudflareTurnstile',
      siteKey: 'site-key-1',
    });
    await on.settings.save(rowsFromSettings({ accountPolicy: { useCaptcha: false } }));
    expect((await config(on)).json()).toEqual({ type: 'None', siteKey: '' });
    const pow = await appWith({ VEXIL_CAPTCHA_PROVIDER: 'hashpow' }, true);
    expect((await config(pow)).json()).toEqual({ type: 'HashPow', siteKey: '' });
    const none = await appWith({}, true);
    expect((await config(none)).json()).toEqual({ type: 'None', siteKey: '' });
  });

  it('issues distinct Hash-PoW challenges, even with the captcha off', async () => {
    const app = await appWith({ VEXIL_CAPTCHA_PROVIDER: 'HashPow' }, false);
    const first = await challenge(app);
    const second = await challenge(app);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      challenge: expect.stringMatching(/^[0-9a-f]{16}$/),
      difficulty: 18,
    });
    expect(second.json().id).not.toBe(first.json().id);
  });

  it('clamps the difficulty to 8–48', async () => {
    const easy = await appWith(
      { VEXIL_CAPTCHA_PROVIDER: 'HashPow', VEXIL_CAPTCHA_POW_DIFFICULTY: '2' },
      true,
    );
    expect((await challenge(easy)).json().difficulty).toBe(8);
    const hard = await appWith(
      { VEXIL_CAPTCHA_PROVIDER: 'HashPow', VEXIL_CAPTCHA_POW_DIFFICULTY: '99' },
      true,
    );
    expect((await challenge(hard)).json().difficulty).toBe(48);
  });

  it('answers 404 when the provider is not Hash-PoW', async () => {
    for (const app of [await appWith(turnstile, true), await appWith({}, true)]) {
      const response = await challenge(app);
      expect(response.statusCode).toBe(404);
      expect(response.json().status).toBe(404);
    }
  });

  it('answers 429 past the powChallenge rate limit', async () => {
    const app = await appWith(
      { VEXIL_CAPTCHA_PROVIDER: 'HashPow', VEXIL_RATE_LIMIT: 'on', VEXIL_RATE_LIMIT_POW: '1/3600' },
      true,
    );
    expect((await challenge(app)).statusCode).toBe(200);
    expect((await challenge(app)).statusCode).toBe(429);
  });
});

describeEachDatabase('Turnstile without a secret key', (getDb) => {
  let app: FastifyInstance;
  afterAll(() => app.close());

  it('lets every answer through, even none', async () => {
    app = await createTestApp(
      getDb(),
      testConfig({ VEXIL_CAPTCHA_PROVIDER: 'CloudflareTurnstile' }),
    );
    await app.settings.save(rowsFromSettings({ accountPolicy: { useCaptcha: true } }));
    const response = await caller(app)({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'turnstile1', email: 'turnstile1@example.com', password: 'Secret123' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('captcha configuration', () => {
  it('refuses an unknown provider at start', () => {
    expect(() => testConfig({ VEXIL_CAPTCHA_PROVIDER: 'Recaptcha' })).toThrow(
      /VEXIL_CAPTCHA_PROVIDER/,
    );
  });
});
