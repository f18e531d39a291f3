import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildConfig } from '@/test/builders';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { VEXIL_VERSION } from '@/lib/version';
import AboutPage from './AboutPage';

const render = () => renderWithProviders(<AboutPage />, { route: '/about' });

describe('AboutPage', () => {
  beforeEach(() => startSignedOut());

  it('shows the platform title, slogan and footer information (as Markdown)', async () => {
    fakeApi.on(
      'GET',
      '/api/config',
      200,
      buildConfig({
        title: 'Orbit',
        slogan: 'Up we go',
        footerInfo: 'Run by [the club](https://club.example)',
      }),
    );
    render();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('About Orbit CTF');
    expect(screen.getByText('Up we go')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the club' }).getAttribute('href')).toBe(
      'https://club.example',
    );
    await waitFor(() => expect(document.title).toBe('About - Orbit CTF'));
  });

  it('names the Vexil version from package.json and links to the API reference', async () => {
    render();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(`This site runs Vexil ${VEXIL_VERSION}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
      '/api-docs',
    );
    expect(screen.getByRole('link', { name: 'OpenAPI description' }).getAttribute('href')).toBe(
      '/openapi.json',
    );
  });

  it('shows a skeleton, then the server error with a retry', async () => {
    const release = fakeApi.hold('GET', '/api/config', 503, problem(503, 'Starting up'));
    const { container } = render();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    // the description does not wait for the configuration
    expect(screen.getByRole('heading', { name: 'API' })).toBeTruthy();
    release();
    expect(await screen.findByText('Starting up')).toBeTruthy();
    fakeApi.on('GET', '/api/config', 200, buildConfig({ title: 'Later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('About Later CTF');
  });
});
