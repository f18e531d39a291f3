import { expect, it } from 'vitest';
import { setSettings } from '#server/db/repositories/settings.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('GET /api/config', (getDb) => {
  const server = useTestApp(getDb);

  it('answers the defaults on a new platform', async () => {
    const response = await caller(server.app)({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Vexil',
      slogan: 'Hack for fun not for profit',
      footerInfo: null,
      customTheme: null,
      logoUrl: null,
      portMapping: 'Default',
      defaultLifetime: 120,
      extensionDuration: 120,
      renewalWindow: 10,
    });
  });

  it('reflects stored settings once the cache is refreshed', async () => {
    const hash = 'a'.repeat(64);
    await setSettings(server.app.db, {
      'GlobalConfig.Title': 'Vexil',
      'GlobalConfig.LogoHash': hash,
      'ContainerPolicy.RenewalWindow': 15,
    });
    server.app.settings.invalidate();
    const body = (await caller(server.app)({ method: 'GET', url: '/api/config' })).json();
    expect(body).toMatchObject({
      title: 'Vexil',
      logoUrl: `/assets/${hash}/logo`,
      renewalWindow: 15,
    });
  });
});
