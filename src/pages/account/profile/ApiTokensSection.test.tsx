import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiTokenInfo } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { ApiTokensSection } from './ApiTokensSection';

const token = (overrides: Partial<ApiTokenInfo> = {}): ApiTokenInfo => ({
  id: '0190a0c0-0000-7000-8000-000000000001',
  name: 'discord bot',
  scope: 'Read',
  createdAt: Date.UTC(2026, 10, 1),
  expiresAt: null,
  lastUsedAt: Date.UTC(2026, 10, 2),
  lastUsedIp: '203.0.113.7',
  ...overrides,
});

const scopeChoices = () => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Scope/ }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
};

describe('ApiTokensSection', () => {
  it('lists the tokens with their last use and revokes one', async () => {
    fakeApi.on('GET', '/api/account/tokens', 200, [token()]);
    fakeApi.on('DELETE', `/api/account/tokens/${token().id}`, 200);
    renderWithProviders(<ApiTokensSection role="User" />);
    expect(await screen.findByText(/discord bot · Read/)).toBeTruthy();
    expect(screen.getByText(/never expires · last used .* from 203\.0\.113\.7/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke discord bot' }));
    expect(await screen.findByText('The token was revoked')).toBeTruthy();
    expect(fakeApi.requests('DELETE', `/api/account/tokens/${token().id}`)).toHaveLength(1);
  });

  it('offers the Admin scope to administrators only', async () => {
    fakeApi.on('GET', '/api/account/tokens', 200, []);
    const user = renderWithProviders(<ApiTokensSection role="User" />);
    await screen.findByText('You have no API tokens.');
    expect(scopeChoices()).toEqual(['Read', 'Play']);
    user.unmount();
    renderWithProviders(<ApiTokensSection role="Admin" />);
    await screen.findByText('You have no API tokens.');
    expect(scopeChoices()).toEqual(['Read', 'Play', 'Admin']);
  });

  it('creates a token and shows its secret once', async () => {
    fakeApi.on('GET', '/api/account/tokens', 200, []);
    const secret = `vexil_pat_${'a'.repeat(43)}`;
    fakeApi.on('POST', '/api/account/tokens', 200, {
      token: secret,
      info: token({ name: 'solver', scope: 'Play' }),
    });
    renderWithProviders(<ApiTokensSection role="User" />);
    await screen.findByText('You have no API tokens.');
    await submit('Create token');
    expect(fakeApi.requests('POST', '/api/account/tokens')).toHaveLength(0);
    fill('Name', 'solver');
    await submit('Create token');
    expect(await screen.findByDisplayValue(secret)).toBeTruthy();
    const [request] = fakeApi.requests('POST', '/api/account/tokens');
    expect(request.body).toEqual({ name: 'solver', scope: 'Play', expiresAt: expect.any(Number) });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).toBeNull());
  });
});
