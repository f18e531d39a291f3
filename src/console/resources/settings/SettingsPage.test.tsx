import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildConfig, buildSettings } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { useClientConfig } from '@/lib/useClientConfig';
import { SettingsPage } from './SettingsPage';

/** Stands for the shell, which reads the client configuration (title, theme). */
function ShellTitle() {
  const { data } = useClientConfig();
  return <output data-testid="shell-title">{data?.title}</output>;
}

const CONFIG = '/api/admin/config';

function serve(settings = buildSettings()) {
  fakeApi.on('GET', CONFIG, 200, settings);
  fakeApi.on('GET', '/api/config', 200, buildConfig({ title: settings.globalConfig.title }));
  fakeApi.on('GET', '/api/captcha', 200, { type: 'None', siteKey: '' });
  fakeApi.on('PUT', CONFIG, 200);
}

const renderPage = () =>
  renderConsole(
    <>
      <ShellTitle />
      <SettingsPage />
    </>,
    { route: '/settings', path: SettingsPage.path },
  );

const section = (name: string) => screen.findByRole('region', { name });
/** Clicks the section's Save once it is enabled (it waits for a change and for validation). */
async function save(region: HTMLElement) {
  const button = within(region).getByRole('button', { name: 'Save' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
}
const sentBodies = () => fakeApi.requests('PUT', CONFIG).map((r) => r.body);

describe('SettingsPage', () => {
  it('shows every section with the current values', async () => {
    serve(
      buildSettings({
        globalConfig: { title: 'Spring', footerInfo: '**hi**' },
        accountPolicy: { emailDomainList: 'a.org,b.org' },
        containerPolicy: { defaultLifetime: 90, portMapping: 'PlatformProxy' },
      }),
    );
    renderPage();
    const platform = await section('Platform');
    expect(within(platform).getByDisplayValue('Spring')).toBeTruthy();
    expect(within(platform).getByDisplayValue('**hi**')).toBeTruthy();
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(within(accounts).getByLabelText('Open registration')).toHaveProperty('checked', true);
    expect(within(accounts).getByText('a.org')).toBeTruthy();
    expect(within(accounts).getByText('b.org')).toBeTruthy();
    const containers = screen.getByRole('region', { name: 'Containers' });
    expect(within(containers).getByDisplayValue('90')).toBeTruthy();
    expect(within(containers).getByLabelText(/^Platform proxy/)).toHaveProperty('checked', true);
    expect(screen.getByRole('region', { name: 'Logo' })).toBeTruthy();
    expect(screen.getByText(/The captcha is off/)).toBeTruthy();
  });

  it('shows placeholders while loading', async () => {
    const release = fakeApi.hold('GET', CONFIG, 200, buildSettings());
    fakeApi.on('GET', '/api/config', 200, buildConfig());
    const { container } = renderPage();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    expect(await section('Platform')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', CONFIG, 500, problem(500, 'Database unavailable'));
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    serve();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await section('Platform')).toBeTruthy();
  });

  it('saves the platform section alone and refreshes the shell', async () => {
    serve(buildSettings({ globalConfig: { footerInfo: 'Old footer' } }));
    renderPage();
    const platform = await section('Platform');
    await waitFor(() => expect(screen.getByTestId('shell-title').textContent).toBe('Demo'));
    fireEvent.change(within(platform).getByLabelText(/^Platform name/), {
      target: { value: 'Autumn' },
    });
    fireEvent.change(within(platform).getByLabelText(/^Footer/), { target: { value: '' } });
    fakeApi.on('GET', '/api/config', 200, buildConfig({ title: 'Autumn' }));
    await save(platform);
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toEqual({
      globalConfig: {
        title: 'Autumn',
        slogan: 'Hack for fun',
        description: null,
        footerInfo: '',
        customTheme: null,
      },
    });
    expect(await screen.findByText('The settings were saved')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('shell-title').textContent).toBe('Autumn'));
  });

  it('checks the theme colour and previews its palette', async () => {
    serve();
    renderPage();
    const platform = await section('Platform');
    const colour = within(platform).getByLabelText(/^Theme colour/);
    fireEvent.change(colour, { target: { value: '#12345' } });
    expect(within(platform).getByText('Type a valid colour to see its palette')).toBeTruthy();
    await save(platform);
    expect(await within(platform).findByText(/# followed by 6 hex digits \(e\.g\./)).toBeTruthy();
    expect(sentBodies()).toHaveLength(0);

    fireEvent.change(colour, { target: { value: '#7C3AED' } });
    const palette = within(platform).getByRole('list', { name: 'Palette' });
    const shades = within(palette).getAllByRole('listitem');
    expect(shades).toHaveLength(10);
    expect(shades.find((s) => s.getAttribute('aria-current'))?.getAttribute('aria-label')).toBe(
      '#7c3aed',
    );
    await save(platform);
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toMatchObject({ globalConfig: { customTheme: '#7C3AED' } });
  });

  it('saves the whole account policy alone, typed domains as a comma list', async () => {
    serve(buildSettings({ accountPolicy: { emailDomainList: 'a.org' } }));
    renderPage();
    const accounts = await section('Accounts');
    fireEvent.click(within(accounts).getByLabelText('Open registration'));
    const domains = within(accounts).getByLabelText('Allowed email domains');
    fireEvent.change(domains, { target: { value: 'b.org' } });
    fireEvent.keyDown(domains, { key: 'Enter' });
    expect(within(accounts).getByText('b.org')).toBeTruthy();
    fireEvent.change(domains, { target: { value: '@c.org,' } });
    expect(within(accounts).getByText('c.org')).toBeTruthy();
    expect(domains).toHaveProperty('value', '');
    await save(accounts);
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toEqual({
      accountPolicy: {
        allowRegister: false,
        activeOnRegister: true,
        useCaptcha: false,
        emailConfirmationRequired: false,
        emailDomainList: 'a.org,b.org,c.org',
        requireSecondStepForStaff: false,
        ssoOnly: false,
      },
    });
  });

  it('saves the container policy alone, within the spec ranges', async () => {
    serve();
    renderPage();
    const containers = await section('Containers');
    const lifetime = within(containers).getByLabelText(/^Lifetime/);
    fireEvent.change(lifetime, { target: { value: '8000' } });
    await save(containers);
    expect(await within(containers).findByText('At most 7200')).toBeTruthy();
    expect(sentBodies()).toHaveLength(0);

    fireEvent.change(lifetime, { target: { value: '60' } });
    fireEvent.click(within(containers).getByLabelText(/^Platform proxy/));
    fireEvent.click(within(containers).getByLabelText('Capture traffic'));
    await save(containers);
    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(sentBodies()[0]).toEqual({
      containerPolicy: {
        autoDestroyOnLimitReached: false,
        maxExerciseContainerCountPerUser: 1,
        defaultLifetime: 60,
        extensionDuration: 120,
        renewalWindow: 10,
        portMapping: 'PlatformProxy',
        enableTrafficCapture: true,
      },
    });
  });

  it("notifies a refused save's title and keeps the typed values", async () => {
    serve();
    fakeApi.on('PUT', CONFIG, 400, problem(400, 'The slogan must not be blank'));
    renderPage();
    const platform = await section('Platform');
    fireEvent.change(within(platform).getByLabelText(/^Slogan/), { target: { value: 'Go' } });
    await save(platform);
    expect(await screen.findByText('The slogan must not be blank')).toBeTruthy();
    expect(within(platform).getByDisplayValue('Go')).toBeTruthy();
  });

  it("names the deployment's captcha provider while the captcha is on", async () => {
    serve(buildSettings({ accountPolicy: { useCaptcha: true } }));
    fakeApi.on('GET', '/api/captcha', 200, { type: 'CloudflareTurnstile', siteKey: '0x4AAA' });
    renderPage();
    const captcha = await section('Captcha');
    expect(await within(captcha).findByText('Cloudflare Turnstile')).toBeTruthy();
    expect(within(captcha).getByText('0x4AAA')).toBeTruthy();
    expect(within(captcha).queryByRole('button')).toBeNull();
  });
});
