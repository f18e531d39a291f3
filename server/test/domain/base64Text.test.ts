import { describe, expect, it } from 'vitest';
import { decodeBase64Text, encodeBase64Text } from '#server/domain/base64Text.js';

describe('Base64 text of mail links', () => {
  it('round-trips UTF-8 text', () => {
    for (const text of ['ada@example.com', 'zoë@例え.jp', 'v1.abc-_.xyz', '?>?>']) {
      expect(decodeBase64Text(encodeBase64Text(text))).toBe(text);
    }
  });

  it('forgives what a URL does to Base64: spaces for +, URL-safe alphabet, no padding', () => {
    const text = '?>?>~~';
    const standard = encodeBase64Text(text);
    expect(standard).toMatch(/[+/]/);
    expect(decodeBase64Text(standard.replace(/\+/g, ' '))).toBe(text);
    expect(decodeBase64Text(Buffer.from(text).toString('base64url'))).toBe(text);
    expect(decodeBase64Text(encodeBase64Text('ab').replace(/=/g, ''))).toBe('ab');
  });

  it('refuses what is not Base64 of UTF-8 text', () => {
    for (const bad of ['', '   ', '!!!!', 'a', 'abcde', 'YQ=a', 'YR==', '/w==', '%2B%2F']) {
      expect(decodeBase64Text(bad), bad).toBeNull();
    }
  });
});
