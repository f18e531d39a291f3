import { describe, expect, it } from 'vitest';
import { mailLinkParams, rawQueryParam, safeRedirect } from './links';

describe('safeRedirect', () => {
  it('keeps same-site paths and drops the rest', () => {
    expect(safeRedirect('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
});

describe('mail link parameters', () => {
  it('keeps Base64 "+" and "/" of raw links unchanged', () => {
    const search = '?token=ab+c/d==&email=dXNlckBleGFtcGxlLmNvbQ==';
    expect(mailLinkParams(search)).toEqual({
      token: 'ab+c/d==',
      email: 'dXNlckBleGFtcGxlLmNvbQ==',
    });
  });

  it('decodes percent-encoded links', () => {
    expect(rawQueryParam('?token=ab%2Bc%2Fd%3D%3D', 'token')).toBe('ab+c/d==');
  });

  it('is null when a parameter is missing', () => {
    expect(mailLinkParams('?token=abc')).toBeNull();
    expect(mailLinkParams('')).toBeNull();
  });
});
