// Setup for the `web` test project (jsdom).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../app/i18n';

// findBy*/waitFor wait up to 5 s (not 1 s): the suites run in parallel on small CI machines, where
// a react-admin page can take more than a second to settle. A real failure still fails, later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
