/**
 * The WebAuthn relying party of this site: its id (a domain name, never an IP address: browsers
 * refuse one) and the origin pages must come from. From `VEXIL_PUBLIC_URL` when set, else from the
 * request (the host name it came to, the scheme it came over). A passkey belongs to its RP id: a
 * site that moves to another domain leaves its passkeys behind.
 */
import { isIP } from 'node:net';
import { InvalidInput } from '../../domain/errors.js';

export interface RelyingParty {
  /** The RP id: a domain name (`ctf.example.org`, `localhost`). */
  id: string;
  /** The origin the browser reports (`https://ctf.example.org`). */
  origin: string;
  /** Shown by the authenticator beside the account's name. */
  name: string;
}

/** What the relying party is made of: the configured public URL, or the request. */
export interface RelyingPartySource {
  publicUrl?: string;
  /** `request.protocol` and `request.host` (`host[:port]`). */
  protocol: string;
  host: string;
  siteName: string;
}

export const RP_ID_IS_IP = (address: string) =>
  `Passkeys need the site to be reached by a domain name, not by an IP address (${address}): ` +
  'open it by its name, or set VEXIL_PUBLIC_URL to an address with a domain name';

export function relyingPartyOf(source: RelyingPartySource): RelyingParty {
  let url: URL;
  try {
    url = new URL(source.publicUrl ?? `${source.protocol}://${source.host}`);
  } catch {
    throw new InvalidInput('The request names no host that passkeys could be bound to');
  }
  // URL keeps IPv6 literals in brackets.
  const hostName = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostName) !== 0) throw new InvalidInput(RP_ID_IS_IP(hostName));
  return { id: hostName, origin: url.origin, name: source.siteName };
}
