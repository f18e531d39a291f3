// Chromium's virtual authenticator for a page (CDP WebAuthn domain): a built-in platform
// authenticator holding discoverable credentials and verifying the user, answering by itself.
import type { CDPSession, Page } from 'playwright-core';

export async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}
