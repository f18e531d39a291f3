// Passkeys and the deployment (issue 26): the relying party comes from VEXIL_PUBLIC_URL when set
// (whatever Host a request names), an IP address there is refused with a clear error, and failed
// passkey sign-ins are held back by the password sign-in limits.
import { expect, it } from 'vitest';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApps } from '../../support/harness.js';
import { SoftAuthenticator } from '../../support/softAuthenticator.js';
import { accountWithSession, addPasskey, ceremony, signInWithPasskey } from './passkeySupport.js';

describeEachDatabase('passkeys and the deployment', (getDb) => {
  const start = useTestApps(getDb);

  it('binds passkeys to VEXIL_PUBLIC_URL: its host name is the RP id, its origin the one expected', async () => {
    const app = await start(testConfig({ VEXIL_PUBLIC_URL: 'https://ctf.example.org/' }));
    const { call } = await accountWithSession(app);
    const { options } = await ceremony(call, '/api/account/passkeys/registeroptions');
    expect(options.rp.id).toBe('ctf.example.org');

    // An authenticator on the request's host (localhost) is not this site's.
    const local = await addPasskey(call, new SoftAuthenticator());
    expect(local.statusCode).toBe(400);

    const site = new SoftAuthenticator('https://ctf.example.org', 'ctf.example.org');
    expect((await addPasskey(call, site)).statusCode).toBe(200);
    const { response } = await signInWithPasskey(caller(app), site);
    expect(response.statusCode, response.body).toBe(200);
    // The same passkey answering for a page on another origin is refused.
    const elsewhere = await signInWithPasskey(caller(app), site, {
      origin: 'https://other.example.org',
    });
    expect(elsewhere.response.statusCode).toBe(401);
  });

  it('refuses a VEXIL_PUBLIC_URL whose host is an IP address, saying why', async () => {
    const app = await start(testConfig({ VEXIL_PUBLIC_URL: 'http://192.0.2.10:8080' }));
    const response = await caller(app)({
      method: 'POST',
      url: '/api/account/passkeys/signinoptions',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toBe(
      'Passkeys need the site to be reached by a domain name, not by an IP address (192.0.2.10): ' +
        'open it by its name, or set VEXIL_PUBLIC_URL to an address with a domain name',
    );
  });

  it('counts failed passkey sign-ins with the sign-in limits, per account and address', async () => {
    const app = await start(testConfig({ VEXIL_LOGIN_LIMIT_ADDRESS: '2/300' }));
    const { call } = await accountWithSession(app);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(call, authenticator)).statusCode).toBe(200);
    const wrongOrigin = { origin: 'http://evil.example' };
    const anonymous = caller(app);
    expect(
      (await signInWithPasskey(anonymous, authenticator, wrongOrigin)).response.statusCode,
    ).toBe(401);
    expect(
      (await signInWithPasskey(anonymous, authenticator, wrongOrigin)).response.statusCode,
    ).toBe(401);
    // Locked out: even the right answer waits.
    const locked = (await signInWithPasskey(anonymous, authenticator)).response;
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
