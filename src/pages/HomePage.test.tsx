import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../api/client';
import { apiResult, renderWithProviders } from '../test/renderWithProviders';
import HomePage from './HomePage';

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  api: { GET: vi.fn() },
}));

const GET = vi.mocked(api.GET);

const config = {
  title: 'Demo',
  slogan: 'Hack for fun',
  footerInfo: null,
  customTheme: null,
  logoUrl: null,
  portMapping: 'Default' as const,
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
};

describe('HomePage', () => {
  beforeEach(() => GET.mockReset());

  it('shows the configured title and slogan', async () => {
    GET.mockResolvedValue(apiResult(200, config) as never);
    renderWithProviders(<HomePage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Demo CTF');
    expect(screen.getByText('Hack for fun')).toBeTruthy();
    expect(GET).toHaveBeenCalledWith('/api/config');
    await waitFor(() => expect(document.title).toBe('Home - Demo CTF'));
  });

  it('shows the server error instead of crashing', async () => {
    GET.mockResolvedValue(apiResult(501, { title: 'Not implemented yet', status: 501 }) as never);
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Not implemented yet')).toBeTruthy();
    expect(screen.getByText('The platform configuration could not be loaded')).toBeTruthy();
    expect(GET).toHaveBeenCalledTimes(1); // no retry
  });

  it('links to the console and the API docs', async () => {
    GET.mockResolvedValue(apiResult(200, config) as never);
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: /admin console/i }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(screen.getByRole('link', { name: /api documentation/i }).getAttribute('href')).toBe(
      '/api-docs',
    );
  });
});
