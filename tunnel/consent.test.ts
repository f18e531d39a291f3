import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseOrigin, ScopeRegistry } from './consent.js';
import { promptForConsent } from './prompt.js';
import { defaultScopeFile, scopeFile } from './scopeFile.js';

const SITE = 'https://ctf.example.org';
const folders: string[] = [];
const tempFile = () => {
  const folder = mkdtempSync(join(tmpdir(), 'vexil-tunnel-'));
  folders.push(folder);
  return join(folder, 'nested', 'scopes.json');
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('ScopeRegistry', () => {
  it('keeps a new site pending, never changes it on a second ask, and forgets a declined one', () => {
    const registry = new ScopeRegistry();
    const first = registry.request(SITE, { name: ' Example CTF ', features: ['pingfall', 'x'] });
    expect(first).toEqual({
      origin: SITE,
      name: 'Example CTF',
      features: ['pingfall'],
      state: 'pending',
    });
    registry.request(SITE, { name: 'Renamed', features: ['basic'] });
    expect(registry.get(SITE)?.name).toBe('Example CTF');
    expect(registry.isAllowed(SITE)).toBe(false);
    registry.remove(SITE);
    expect(registry.get(SITE)).toBeUndefined();
  });

  it('accepts listed sites at once and trusts requests without an origin', () => {
    const registry = new ScopeRegistry({ allow: [SITE] });
    expect(registry.request(SITE, {}).state).toBe('allowed');
    expect(registry.request('https://b.example', {}).features).toEqual(['basic']);
    expect(registry.isAllowed('')).toBe(true);
  });

  it('normalises --allow values to origins', () => {
    expect(normaliseOrigin('https://ctf.example.org/')).toBe(SITE);
    expect(normaliseOrigin('HTTPS://CTF.example.org:443/path')).toBe(SITE);
    expect(normaliseOrigin('ctf.example.org')).toBeUndefined();
  });
});

describe('the scope file', () => {
  it('keeps accepted sites across restarts, and not pending ones', () => {
    const path = tempFile();
    const registry = new ScopeRegistry({ store: scopeFile(path) });
    registry.request(SITE, { name: 'Example CTF', features: ['basic'] });
    registry.request('https://pending.example', {});
    registry.allow(SITE);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      scopes: [{ origin: SITE, name: 'Example CTF', features: ['basic'] }],
    });
    const restarted = new ScopeRegistry({ store: scopeFile(path) });
    expect(restarted.list()).toEqual([
      { origin: SITE, name: 'Example CTF', features: ['basic'], state: 'allowed' },
    ]);
    restarted.remove(SITE);
    expect(new ScopeRegistry({ store: scopeFile(path) }).list()).toEqual([]);
  });

  it('reads a broken file as empty and lives in the configuration folder', () => {
    const path = tempFile();
    scopeFile(path).save([]);
    writeFileSync(path, '{ broken');
    expect(scopeFile(path).load()).toEqual([]);
    if (process.platform !== 'win32') {
      expect(defaultScopeFile({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/vexil-tunnel/scopes.json');
    }
  });
});

describe('the console prompt', () => {
  function setup() {
    const registry = new ScopeRegistry();
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const stop = promptForConsent(registry, { input, output });
    const answer = (line: string) =>
      new Promise<void>((resolve) => {
        input.write(`${line}\n`);
        setImmediate(resolve);
      });
    return { registry, answer, stop, printed: () => printed };
  }

  it('asks about one site at a time and accepts on "y"', async () => {
    const { registry, answer, printed, stop } = setup();
    registry.request(SITE, { name: 'Example CTF' });
    registry.request('https://second.example', {});
    expect(printed()).toContain(`The site ${SITE} ("Example CTF") asks to open tunnels`);
    expect(printed()).not.toContain('second.example');
    await answer('y');
    expect(registry.get(SITE)?.state).toBe('allowed');
    expect(printed()).toContain('The site https://second.example asks');
    await answer('');
    expect(registry.get('https://second.example')).toBeUndefined();
    expect(printed()).toContain('Declined https://second.example.');
    stop();
  });

  it('keeps terminal control sequences from a page out of the console', () => {
    const { registry, printed, stop } = setup();
    registry.request(SITE, { name: 'Evil\u001b[2J\u0007 CTF' });
    expect(printed()).toContain('("Evil[2J CTF")');
    expect(printed()).not.toContain('\u001b');
    stop();
  });
});
