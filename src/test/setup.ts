// Setup for the `web` test project (jsdom).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../app/i18n';

// findBy*/waitFor wait up to 5 s (not 1 s), 10 s in CI: the suites run in parallel on small CI
// machines, where a react-admin page can take seconds to settle. A real failure still fails, later.
configure({ asyncUtilTimeout: process.env.CI ? 10_000 : 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
