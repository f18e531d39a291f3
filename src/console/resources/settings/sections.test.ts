import { describe, expect, it } from 'vitest';
import { buildSettings } from '@/test/builders';
import { domainsOf, sectionBody } from './sections';

describe('sectionBody', () => {
  const settings = buildSettings({ globalConfig: { logoHash: 'a'.repeat(64) } });

  it('holds only the named section, with its model fields', () => {
    expect(sectionBody('accountPolicy', { ...settings.accountPolicy, id: 1, extra: true })).toEqual(
      { accountPolicy: settings.accountPolicy },
    );
  });

  it('leaves out the logo hashes, which the API ignores', () => {
    const { globalConfig } = sectionBody('globalConfig', settings.globalConfig);
    expect(globalConfig).not.toHaveProperty('logoHash');
    expect(globalConfig).not.toHaveProperty('faviconHash');
    expect(globalConfig).toMatchObject({ title: 'Demo', footerInfo: null });
  });

  it('keeps the Vexil container fields', () => {
    const values = { ...settings.containerPolicy, portMapping: 'PlatformProxy' };
    expect(sectionBody('containerPolicy', values).containerPolicy).toMatchObject({
      portMapping: 'PlatformProxy',
      enableTrafficCapture: false,
    });
  });
});

describe('domainsOf', () => {
  it('splits on commas and spaces, trims, drops @ and repeats', () => {
    expect(domainsOf(' a.org, @b.org  c.org,,a.org ')).toEqual(['a.org', 'b.org', 'c.org']);
    expect(domainsOf(['a.org', 'b.org, c.org'])).toEqual(['a.org', 'b.org', 'c.org']);
    expect(domainsOf('')).toEqual([]);
    expect(domainsOf(null)).toEqual([]);
  });
});
