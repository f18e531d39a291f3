/** Cloudflare Turnstile: the widget's response token is checked with the siteverify API. */

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>;

export interface TurnstileCheck {
  secretKey: string;
  token: string | null | undefined;
  remoteIp: string | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** Passes when no secret key is configured; otherwise the token must be non-empty, the client
 *  address known, and siteverify must answer `success: true`. Network failures fail the check. */
export async function verifyTurnstile(check: TurnstileCheck): Promise<boolean> {
  const { secretKey, token, remoteIp } = check;
  if (!secretKey) return true;
  if (!token || !remoteIp) return false;
  const send = check.fetch ?? fetch;
  try {
    const response = await send(TURNSTILE_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(check.timeoutMs ?? 10_000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result?.success === true;
  } catch {
    return false;
  }
}
