import { expect, it } from 'vitest';
import { setSettings } from '#server/db/repositories/settings.js';
import { defaultSettings } from '#server/domain/siteSettings.js';
import { caller, signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const accountPolicy = {
  allowRegister: false,
  activeOnRegister: false,
  useCaptcha: true,
  emailConfirmationRequired: true,
  emailDomainList: 'example.com, example.org',
};
const containerPolicy = {
  autoDestroyOnLimitReached: true,
  maxExerciseContainerCountPerUser: 3,
  defaultLifetime: 60,
  extensionDuration: 30,
  renewalWindow: 5,
};

describeEachDatabase('/api/admin/config', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const getConfig = async () => {
    const response = await admin({ method: 'GET', url: '/api/admin/config' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const putConfig = async (payload: object) => {
    const response = await admin({ method: 'PUT', url: '/api/admin/config', payload });
    return response;
  };

  // The suite's tests share one database and run in order: this one sees the defaults.
  it('reads every section filled with the defaults on a new platform', async () => {
    expect(await getConfig()).toEqual(defaultSettings);
  });

  it('saves sent sections field by field and leaves omitted or null sections', async () => {
    const response = await putConfig({ accountPolicy, containerPolicy: null });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const config = await getConfig();
    // Fields the save did not send (Vexil additions the reference client does not know, such as
    // `requireSecondStepForStaff` and `ssoOnly`) keep their values.
    expect(config.accountPolicy).toEqual({ ...defaultSettings.accountPolicy, ...accountPolicy });
    expect(config.containerPolicy).toEqual(defaultSettings.containerPolicy);
    expect(config.globalConfig).toEqual(defaultSettings.globalConfig);

    await putConfig({ containerPolicy });
    expect((await getConfig()).containerPolicy).toEqual({
      ...containerPolicy,
      portMapping: 'Default',
      enableTrafficCapture: false,
    });
    await putConfig({
      containerPolicy: {
        ...containerPolicy,
        portMapping: 'PlatformProxy',
        enableTrafficCapture: true,
      },
    });
    await putConfig({ containerPolicy: { ...containerPolicy, renewalWindow: 7 } });
    expect((await getConfig()).containerPolicy).toMatchObject({
      renewalWindow: 7,
      portMapping: 'PlatformProxy',
      enableTrafficCapture: true,
    });
  });

  it('accepts an empty email domain list', async () => {
    await putConfig({ accountPolicy: { ...accountPolicy, emailDomainList: '' } });
    expect((await getConfig()).accountPolicy.emailDomainList).toBe('');
  });

  it('skips null optional strings and ignores the logo hashes of the site identity', async () => {
    await putConfig({
      globalConfig: { title: 'First', slogan: 'One', footerInfo: 'Footer', customTheme: '#123456' },
    });
    await putConfig({
      globalConfig: {
        title: 'Vexil Cup',
        slogan: 'Flags fly',
        description: 'A contest',
        footerInfo: null,
        logoHash: 'c'.repeat(64),
        faviconHash: 'd'.repeat(64),
      },
    });
    expect((await getConfig()).globalConfig).toEqual({
      title: 'Vexil Cup',
      slogan: 'Flags fly',
      description: 'A contest',
      footerInfo: 'Footer',
      customTheme: '#123456',
      logoHash: null,
      faviconHash: null,
    });
    const client = (await caller(server.app)({ method: 'GET', url: '/api/config' })).json();
    expect(client).toMatchObject({ title: 'Vexil Cup', slogan: 'Flags fly', footerInfo: 'Footer' });
  });

  it('refuses incomplete sections and out-of-range values; ignores unknown fields', async () => {
    const before = await getConfig();
    const { useCaptcha: _dropped, ...partialPolicy } = accountPolicy;
    const { renewalWindow: _gone, ...partialContainers } = containerPolicy;
    for (const payload of [
      { accountPolicy: partialPolicy },
      { containerPolicy: partialContainers },
      { containerPolicy: { ...containerPolicy, defaultLifetime: 0 } },
      { containerPolicy: { ...containerPolicy, renewalWindow: 361 } },
      { containerPolicy: { ...containerPolicy, portMapping: 'Tunnel' } },
      { globalConfig: { slogan: 'no title' } },
      { globalConfig: { title: '   ', slogan: 'blank title' } },
    ]) {
      const response = await putConfig(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getConfig()).toEqual(before);
    expect((await putConfig({ somethingElse: {} })).statusCode).toBe(200);
    expect(await getConfig()).toEqual(before);
  });

  it('re-reads stored settings on every read', async () => {
    await setSettings(server.app.db, { 'GlobalConfig.Slogan': 'Changed behind the cache' });
    expect((await getConfig()).globalConfig.slogan).toBe('Changed behind the cache');
  });

  it('writes changes to the admin log', async () => {
    await putConfig({ accountPolicy });
    await server.app.logStore.flush();
    const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
    expect(logs[0]).toMatchObject({ msg: 'Updated the site settings', status: 'Success' });
  });

  it('is for administrators only and needs the XSRF header to change', async () => {
    const user = await signIn(server.app, 'User');
    const denied = await user({ method: 'GET', url: '/api/admin/config' });
    expect(denied.statusCode).toBe(403);
    const noToken = await admin({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { accountPolicy },
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(noToken.statusCode).toBe(403);
  });
});
