// Collects what a journey must not produce: page errors, console errors, failed requests.
import type { Page } from 'playwright-core';

export interface PageWatch {
  /** Uncaught errors and console errors (other than Chromium's "Failed to load resource"). */
  errors: string[];
  /** `<status> <path>` of every response with status 400 or more. */
  failedResponses: string[];
  /**
   * `<reason> <path>` of every request that got no answer at all (other than one the page
   * abandoned): e.g. net::ERR_NETWORK_CHANGED when the machine's interfaces changed under Chromium.
   */
  failedRequests: string[];
  /** URLs of every script the pages loaded. */
  scripts: string[];
}

export function watchPages(): PageWatch & { watch(page: Page): void } {
  const state: PageWatch = { errors: [], failedResponses: [], failedRequests: [], scripts: [] };
  return {
    ...state,
    watch(page: Page) {
      page.on('pageerror', (error) => state.errors.push(error.message));
      page.on('console', (message) => {
        // Chromium reports every 4xx as "Failed to load resource"; those are checked by response.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          state.errors.push(message.text());
        }
      });
      page.on('response', (response) => {
        if (response.status() >= 400)
          state.failedResponses.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText ?? 'unknown';
        // ERR_ABORTED: the page went away (closed, navigated) while the request ran.
        if (reason !== 'net::ERR_ABORTED')
          state.failedRequests.push(`${reason} ${new URL(request.url()).pathname}`);
      });
      page.on('request', (request) => {
        if (request.resourceType() === 'script') state.scripts.push(request.url());
      });
    },
  };
}

/** Signs in through the login page, which then goes where `from` said. */
export async function signInThroughPage(
  page: Page,
  userName: string,
  password: string,
): Promise<void> {
  await page.locator('input[name="userName"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  // Exact: "Sign in with a passkey" (issue 26) follows the form's own button.
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
}
