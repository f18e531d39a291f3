import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { api } from '../api/client';
import { apiResult, renderWithProviders } from '../test/renderWithProviders';
import { AppRoutes } from './App';

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  api: { GET: vi.fn() },
}));

const GET = vi.mocked(api.GET);

describe('AppRoutes', () => {
  beforeEach(() => {
    GET.mockReset();
    GET.mockResolvedValue(apiResult(501, { title: 'Not implemented yet', status: 501 }) as never);
  });

  it('shows the not-found page for an unknown path', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByText('There is nothing at /no/such/page.')).toBeTruthy();
  });

  it('loads the console under /admin, case-insensitively', async () => {
    renderWithProviders(<AppRoutes />, { route: '/ADMIN' });
    expect(
      await screen.findByText('Welcome to the Vexil CTF console', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  }, 20_000);
});
