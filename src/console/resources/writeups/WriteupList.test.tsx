import { formatDateTime } from '@/lib/time/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NotificationProvider } from '@/lib/notifications';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame, buildWriteup } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { WriteupList } from './WriteupList';

const path = '/api/admin/writeups/3';
const game = buildGame({
  id: 3,
  title: 'Spring CTF',
  writeupRequired: true,
  writeupDeadline: 4_102_444_800_000,
  writeupNote: 'One **PDF** per team',
});
const crabs = buildWriteup({
  team: { id: 7, name: 'Crabs', bio: null, avatar: null, locked: true, members: null },
  url: `/assets/${'c'.repeat(64)}/Writeup-3-7-20270115-10.00.00Z.pdf`,
});
const owls = buildWriteup({
  team: { id: 8, name: 'Owls', bio: null, avatar: null, locked: true, members: null },
});

/** The page inside the shell's notifications, as in the app. */
const renderWriteups = () =>
  renderConsole(
    <NotificationProvider>
      <WriteupList />
    </NotificationProvider>,
    { route: '/games/3/writeups', path: WriteupList.path },
  );

function serve(writeups = [crabs, owls], settings = game) {
  fakeApi.on('GET', '/api/edit/games/3', 200, settings);
  fakeApi.on('GET', path, 200, writeups);
}

const notice = () => screen.getByRole('alert');

describe('WriteupList', () => {
  let saved: string[];

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it("lists each team's writeup with its file and upload time", async () => {
    serve();
    renderWriteups();
    const row = (await screen.findByText('Crabs')).closest('tr')!;
    expect(within(row).getByText('Writeup-3-7-20270115-10.00.00Z.pdf')).toBeTruthy();
    expect(
      within(row).getByText(formatDateTime(crabs.uploadTimeUtc), { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('Owls')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Writeups' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it("shows the game's writeup settings with the way to change them", async () => {
    serve();
    renderWriteups();
    const settings = await screen.findByRole('region', { name: 'Writeup settings' });
    expect(await within(settings).findByText('Required')).toBeTruthy();
    expect(
      within(settings).getByText(formatDateTime(game.writeupDeadline), {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(settings).getByText('PDF').tagName).toBe('STRONG');
    expect(
      within(settings).getByRole('link', { name: 'Change on the Info page' }).getAttribute('href'),
    ).toBe('/games/3/info');
  });

  it('says when writeups are not asked for, have no instructions, or are closed', async () => {
    serve(
      [],
      buildGame({ id: 3, writeupRequired: false, writeupDeadline: 1_000, writeupNote: '' }),
    );
    renderWriteups();
    const settings = await screen.findByRole('region', { name: 'Writeup settings' });
    expect(await within(settings).findByText('Not required')).toBeTruthy();
    expect(within(settings).getByText('No instructions')).toBeTruthy();
    expect(within(settings).getByText(/\(passed\)/)).toBeTruthy();
  });

  it('downloads one writeup through the download flow', async () => {
    serve();
    fakeApi.on('GET', crabs.url, {
      status: 200,
      body: '%PDF',
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="Writeup-3-7-20270115-10.00.00Z.pdf"',
      },
    });
    renderWriteups();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the writeup of Crabs' }));
    await waitFor(() => expect(notice().textContent).toContain('Download complete'));
    expect(saved).toEqual(['Writeup-3-7-20270115-10.00.00Z.pdf']);
    expect(fakeApi.requests('GET', crabs.url)).toHaveLength(1);
  });

  it('downloads every writeup as one archive, the buttons off meanwhile', async () => {
    serve();
    let send!: () => void;
    const sent = new Promise<void>((resolve) => (send = resolve));
    fakeApi.on('GET', `${path}/all`, async () => {
      await sent;
      return {
        status: 200,
        body: 'archive',
        headers: {
          'Content-Type': 'application/gzip',
          'Content-Disposition':
            'attachment; filename="Writeups-Spring CTF-20270115-10.00.00Z.tar.gz"',
        },
      };
    });
    renderWriteups();
    await screen.findByText('Crabs');
    const all = screen.getByRole('button', { name: 'Download all' });
    await waitFor(() => expect(all).toHaveProperty('disabled', false));
    fireEvent.click(all);
    await waitFor(() => expect(all).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Download the writeup of Owls' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(notice().textContent).toContain('Downloading');
    send();
    await waitFor(() => expect(notice().textContent).toContain('Download complete'));
    expect(saved).toEqual(['Writeups-Spring CTF-20270115-10.00.00Z.tar.gz']);
    expect(all).toHaveProperty('disabled', false);
  });

  it('shows why the archive could not be downloaded', async () => {
    serve();
    fakeApi.on('GET', `${path}/all`, 404, problem(404, 'The game was not found'));
    renderWriteups();
    await screen.findByText('Crabs');
    const all = screen.getByRole('button', { name: 'Download all' });
    await waitFor(() => expect(all).toHaveProperty('disabled', false));
    fireEvent.click(all);
    await waitFor(() => expect(notice().textContent).toBe('Download failedThe game was not found'));
    expect(saved).toEqual([]);
  });

  it('says so when no team has uploaded one, with nothing to download', async () => {
    serve([]);
    renderWriteups();
    expect(await screen.findByText('No team has uploaded a writeup yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all' })).toHaveProperty('disabled', true);
  });

  it('shows placeholders while loading', async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    const release = fakeApi.hold('GET', path, 200, [crabs]);
    const { container } = renderWriteups();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release();
    expect(await screen.findByText('Crabs')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    fakeApi.on('GET', path, 404, problem(404, 'The game was not found'));
    renderWriteups();
    expect(await screen.findByText('The game was not found')).toBeTruthy();
    serve([owls]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Owls')).toBeTruthy();
  });
});
