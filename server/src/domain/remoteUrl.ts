/**
 * What a `Remote` attachment may point at: an http or https address, nothing else. Players follow
 * the link from the game page, so a `javascript:` or `data:` URL would run in (or impersonate) the
 * site; the attachment routes and game import refuse them with this title.
 */
export const REMOTE_URL_REFUSED = 'A remote attachment URL must be an http:// or https:// address';

/** Whether `url` is an absolute http(s) URL with a host. */
export function isWebUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
}
