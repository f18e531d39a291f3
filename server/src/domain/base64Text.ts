/**
 * The Base64 strings of mailed links (`?token=…&email=…`). They travel through a URL and a web
 * page, so decoding forgives what that journey does to them (a `+` read back as a space, the
 * URL-safe alphabet, dropped padding) but nothing else: text that is not Base64 of UTF-8 is
 * refused with null, never half-decoded.
 */

const BASE64 = /^[A-Za-z0-9+/]*$/;

export function encodeBase64Text(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

export function decodeBase64Text(value: string): string | null {
  const compact = value
    .replace(/ /g, '+')
    .trim()
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/=+$/, '');
  if (compact.length === 0 || compact.length % 4 === 1 || !BASE64.test(compact)) return null;
  const bytes = Buffer.from(compact, 'base64');
  // Leftover bits in the last character must be zero, or two inputs would decode alike.
  if (bytes.toString('base64').replace(/=+$/, '') !== compact) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
