import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { startSignedOut } from '@/test/fixtures';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { verifyNonce } from '@/lib/captcha/hashPow';
import type { TurnstileOptions } from '@/lib/captcha/turnstile';
import LoginPage from './LoginPage';

const render = (route = '/account/login') => renderWithProviders(<LoginPage />, { route });

describe('LoginPage', () => {
  beforeEach(() => startSignedOut());

  it('asks for both fields before calling the API', async () => {
    render();
    await submit('Sign in');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(fakeApi.requests('POST', '/api/account/login')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Sign in - Demo CTF'));
  });

  it('signs in and continues to the page in ?from=', async () => {
    fakeApi.on('POST', '/api/account/login', 200);
    const { location } = render('/account/login?from=%2Fadmin%2Fusers');
    fill('User name or email', 'alice@example.com');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    await waitFor(() => expect(location()).toBe('/admin/users'));
    const [login] = fakeApi.requests('POST', '/api/account/login');
    expect(login.body).toEqual({ userName: 'alice@example.com', password: 'Passw0rd' });
  });

  it('goes home when ?from= is not a local path', async () => {
    fakeApi.on('POST', '/api/account/login', 200);
    const { location } = render('/account/login?from=https%3A%2F%2Fevil.example');
    fill('User name or email', 'alice');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("shows the 401 answer's title in the form", async () => {
    fakeApi.on('POST', '/api/account/login', 401, problem(401, 'Your account is banned'));
    const { location } = render();
    fill('User name or email', 'mallory');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    expect(await screen.findByText('Your account is banned')).toBeTruthy();
    expect(location()).toBe('/account/login');
  });

  it('shows other errors as a notification, 429 titled "try later"', async () => {
    fakeApi.on('POST', '/api/account/login', 429, problem(429, 'Retry after 30 s'));
    render();
    fill('User name or email', 'alice');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Too many requests, please try again later');
    expect(notice.textContent).toContain('Retry after 30 s');
  });

  it('solves the Hash-PoW captcha and sends `{id}:{nonce}` as the challenge', async () => {
    fakeApi.on('GET', '/api/captcha', 200, { type: 'HashPow', siteKey: '' });
    fakeApi.on('GET', '/api/captcha/powchallenge', 200, {
      id: '0123456789ab',
      challenge: '0011223344556677',
      difficulty: 8,
    });
    fakeApi.on('POST', '/api/account/login', 200);
    render();
    expect(await screen.findByText('Human check passed')).toBeTruthy();
    fill('User name or email', 'alice');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    await waitFor(() => expect(fakeApi.requests('POST', '/api/account/login')).toHaveLength(1));
    const { challenge } = fakeApi.requests('POST', '/api/account/login')[0].body as {
      challenge: string;
    };
    const [id, nonce] = challenge.split(':');
    expect(id).toBe('0123456789ab');
    expect(nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(verifyNonce('0011223344556677', 8, nonce)).toBe(true);
  });

  it('shows the captcha the server asks for after failed sign-ins, and sends its answer', async () => {
    // The policy uses no captcha; the account had too many failures from many addresses.
    fakeApi.on('POST', '/api/account/login', 400, {
      ...problem(400, 'Too many failed sign-ins: solve the captcha'),
      data: { type: 'HashPow', siteKey: '' },
    });
    fakeApi.on('GET', '/api/captcha/powchallenge', 200, {
      id: '0123456789ab',
      challenge: '0011223344556677',
      difficulty: 8,
    });
    render();
    fill('User name or email', 'alice');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    expect(await screen.findByText('Too many failed sign-ins: solve the captcha')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/login')[0].body).not.toHaveProperty('challenge');

    fakeApi.on('POST', '/api/account/login', 200);
    expect(await screen.findByText('Human check passed')).toBeTruthy();
    await submit('Sign in');
    await waitFor(() => expect(fakeApi.requests('POST', '/api/account/login')).toHaveLength(2));
    const { challenge } = fakeApi.requests('POST', '/api/account/login')[1].body as {
      challenge: string;
    };
    const [id, nonce] = challenge.split(':');
    expect(id).toBe('0123456789ab');
    expect(verifyNonce('0011223344556677', 8, nonce)).toBe(true);
  });

  it('loads no Turnstile script when Turnstile is not configured', async () => {
    render();
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
  });

  it("loads Turnstile when configured and sends the widget's token as the challenge", async () => {
    fakeApi.on('GET', '/api/captcha', 200, { type: 'CloudflareTurnstile', siteKey: 'site-key' });
    fakeApi.on('POST', '/api/account/login', 200);
    render();
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(
        'script[src*="challenges.cloudflare.com"]',
      );
      expect(found).not.toBeNull();
      return found!;
    });
    const widget = vi.fn((_: HTMLElement, options: TurnstileOptions) => {
      options.callback?.('turnstile-token');
      return 'widget-1';
    });
    window.turnstile = { render: widget, reset: vi.fn(), remove: vi.fn() };
    act(() => script.onload?.(new Event('load')));
    fill('User name or email', 'alice');
    fill('Password', 'Passw0rd');
    await submit('Sign in');
    await waitFor(() => expect(fakeApi.requests('POST', '/api/account/login')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/api/account/login')[0].body).toMatchObject({
      challenge: 'turnstile-token',
    });
    expect(widget.mock.calls[0][1]).toMatchObject({ sitekey: 'site-key', theme: 'dark' });
    script.remove();
    delete window.turnstile;
  });
});
