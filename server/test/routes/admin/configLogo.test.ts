import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { caller, signIn } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { gifWithScript, SCRIPT_PAYLOAD } from '../../support/hostileImages.js';

const png = (width: number, height: number, background = '#ff8800') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describeEachDatabase('/api/admin/config/logo', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const upload = async (data: Buffer) => {
    const response = await admin({
      method: 'POST',
      url: '/api/admin/config/logo',
      ...multipart({}, { file: data }),
    });
    return response;
  };
  const hashes = async () => {
    const config = (await admin({ method: 'GET', url: '/api/admin/config' })).json();
    return { logo: config.globalConfig.logoHash, favicon: config.globalConfig.faviconHash };
  };
  const clientConfig = async () =>
    (await caller(server.app)({ method: 'GET', url: '/api/config' })).json();
  const favicon = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/favicon.webp', headers });

  it('stores a 640 px logo and a 256 px favicon, shown by /api/config and /favicon.webp', async () => {
    const builtIn = await favicon();
    const response = await upload(await png(1200, 600));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');

    const { logo, favicon: icon } = await hashes();
    expect(logo).toMatch(/^[0-9a-f]{64}$/);
    expect(await findFileByHash(server.app.db, logo)).toMatchObject({ name: 'logo.webp' });
    expect(await findFileByHash(server.app.db, icon)).toMatchObject({ name: 'favicon.webp' });
    expect((await clientConfig()).logoUrl).toBe(`/assets/${logo}/logo`);

    const logoFile = await server.app.inject({ method: 'GET', url: `/assets/${logo}/logo` });
    expect(logoFile.statusCode).toBe(200);
    expect(logoFile.headers['content-type']).toBe('image/webp');
    expect(await sharp(logoFile.rawPayload).metadata()).toMatchObject({ width: 640, height: 320 });

    const served = await favicon();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.etag).toBe(`"favicon-${icon.slice(0, 8)}"`);
    expect(served.headers.etag).not.toBe(builtIn.headers.etag);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 128 });

    const cached = await favicon({ 'if-none-match': served.headers.etag as string });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('releases the previous files when a new logo replaces them', async () => {
    await upload(await png(800, 800, '#00ff00'));
    const old = await hashes();
    await upload(await png(800, 800, '#0000ff'));
    const current = await hashes();
    expect(current.logo).not.toBe(old.logo);
    expect(await findFileByHash(server.app.db, old.logo)).toBeNull();
    expect(await findFileByHash(server.app.db, old.favicon)).toBeNull();
    const gone = await server.app.inject({ method: 'GET', url: `/assets/${old.logo}/logo` });
    expect(gone.statusCode).toBe(404);

    // The same image again: the files are shared, not released from under the settings.
    await upload(await png(800, 800, '#0000ff'));
    expect(await hashes()).toEqual(current);
    expect(await findFileByHash(server.app.db, current.logo)).toMatchObject({ referenceCount: 1 });
  });

  it('re-encodes a GIF for both logo and favicon; the favicon is shown inline, sandboxed', async () => {
    const gif = await gifWithScript(900, 30);
    await upload(gif);
    const { logo, favicon: icon } = await hashes();
    expect(await findFileByHash(server.app.db, logo)).toMatchObject({
      name: 'logo.gif',
      contentType: 'image/gif',
    });
    const served = await favicon();
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.includes(SCRIPT_PAYLOAD)).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 256,
    });
    expect(icon).not.toBe(logo);
  });

  it('refuses an empty file, a non-image, a missing file or one over 3 MiB', async () => {
    const before = await hashes();
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const notImage = await upload(Buffer.from('<svg onload=alert(1)>'));
    expect(notImage.statusCode).toBe(400);
    const missing = await admin({
      method: 'POST',
      url: '/api/admin/config/logo',
      ...multipart({ note: 'x' }),
    });
    expect(missing.statusCode).toBe(400);
    const huge = await upload(Buffer.alloc(3 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(await hashes()).toEqual(before);
  });

  it('removes the logo: files released, hashes emptied, built-in favicon back', async () => {
    const builtInTag = (await favicon()).headers.etag;
    await upload(await png(300, 300, '#abcdef'));
    const { logo, favicon: icon } = await hashes();

    const response = await admin({ method: 'DELETE', url: '/api/admin/config/logo' });
    expect(response.statusCode).toBe(200);
    expect(await hashes()).toEqual({ logo: '', favicon: '' });
    expect(await findFileByHash(server.app.db, logo)).toBeNull();
    expect(await findFileByHash(server.app.db, icon)).toBeNull();
    expect((await clientConfig()).logoUrl).toBeNull();

    const served = await favicon();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.etag).not.toBe(`"favicon-${icon.slice(0, 8)}"`);
    expect(builtInTag).toMatch(/^"favicon-[0-9a-f]{8}"$/);

    const again = await admin({ method: 'DELETE', url: '/api/admin/config/logo' });
    expect(again.statusCode).toBe(200);
  });

  it('logs logo changes and is for administrators only', async () => {
    await admin({ method: 'DELETE', url: '/api/admin/config/logo' });
    await server.app.logStore.flush();
    const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
    expect(logs[0]).toMatchObject({ msg: 'Removed the site logo', status: 'Success' });

    const monitor = await signIn(server.app, 'Monitor');
    const denied = await monitor({ method: 'DELETE', url: '/api/admin/config/logo' });
    expect(denied.statusCode).toBe(403);
  });
});
