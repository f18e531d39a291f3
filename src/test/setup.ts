// Setup for the `web` test project (jsdom).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../app/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
