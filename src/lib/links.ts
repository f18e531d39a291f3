/**
 * Reading the account pages' URLs: where to go after signing in, and the token/email of mail links.
 */

/** A same-site path to continue to after signing in; anything else becomes `/`. */
export function safeRedirect(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}

/**
 * A query parameter exactly as the mail link carries it. Tokens and emails are standard Base64,
 * which may contain `+`, `/` and `=`: unlike URLSearchParams, a `+` is kept as `+` (not a space),
 * while percent-encoded characters are decoded, so encoded and raw links both work.
 */
export function rawQueryParam(search: string, name: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key !== name) continue;
    const value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** `token` and `email` of a mail link, or null when either is missing. */
export function mailLinkParams(search: string): { token: string; email: string } | null {
  const token = rawQueryParam(search, 'token');
  const email = rawQueryParam(search, 'email');
  return token && email ? { token, email } : null;
}
