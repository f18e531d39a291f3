import { formatDateTime } from '@/lib/time/format';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameNotice } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame, buildNotice } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { NoticeList } from './NoticeList';

const path = '/api/edit/games/3/notices';
const older = buildNotice({ id: 1, time: 1_800_000_000_000, values: ['Welcome, **players**'] });
const newer = buildNotice({ id: 2, time: 1_800_003_600_000, values: ['Round two is open'] });

const renderNotices = () =>
  renderConsole(<NoticeList />, { route: '/games/3/notices', path: NoticeList.path });

/** Serves the game and a notice list that the test can change. */
function serve(initial: GameNotice[]) {
  const store = { notices: initial };
  fakeApi.on('GET', '/api/edit/games/3', 200, buildGame({ id: 3, title: 'Spring CTF' }));
  fakeApi.on('GET', path, () => ({ status: 200, body: store.notices }));
  return store;
}

const articles = () => screen.getAllByRole('article');

describe('NoticeList', () => {
  it('lists the notices newest first, as Markdown, with their time in the local format', async () => {
    serve([older, newer]);
    renderNotices();
    await screen.findByText('Round two is open');
    expect(screen.getByRole('tab', { name: 'Notices' }).getAttribute('aria-selected')).toBe('true');
    const [first, second] = articles();
    expect(first.textContent).toContain('Round two is open');
    expect(within(second).getByText('players').tagName).toBe('STRONG');
    expect(within(second).getByText('Notice')).toBeTruthy();
    expect(within(second).getByText(formatDateTime(older.time), { exact: false })).toBeTruthy();
  });

  it('renders notice Markdown sanitised', async () => {
    serve([
      buildNotice({ values: ['<img src="x" onerror="alert(1)"><script>alert(2)</script>ok'] }),
    ]);
    renderNotices();
    await screen.findByText('ok');
    const [notice] = articles();
    expect(notice.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(notice.querySelector('script')).toBeNull();
  });

  it("words the platform's notices from their values and offers no edit for them", async () => {
    serve([
      older,
      buildNotice({ type: 'FirstBlood', values: ['Crabs', 'Login'] }),
      buildNotice({ type: 'NewHint', values: ['Login'] }),
    ]);
    renderNotices();
    const blood = (await screen.findByText('Crabs took first blood on Login')).closest('article')!;
    expect(within(blood).getByText('First blood')).toBeTruthy();
    expect(within(blood).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(blood).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('New hint for Login')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
  });

  it('publishes a notice, then empties the form and lists it', async () => {
    const store = serve([older]);
    const published = buildNotice({ id: 9, values: ['Flags are case-sensitive'] });
    fakeApi.on('POST', path, () => {
      store.notices = [older, published];
      return { status: 200, body: published };
    });
    renderNotices();
    await screen.findByText('players');
    const box = screen.getByLabelText('Notice (Markdown)');
    fireEvent.change(box, { target: { value: 'Flags are case-sensitive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The notice was published')).toBeTruthy();
    expect(fakeApi.requests('POST', path)[0].body).toEqual({ content: 'Flags are case-sensitive' });
    await waitFor(() => expect(articles()[0].textContent).toContain('Flags are case-sensitive'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notice (Markdown)').value).toBe('');
  });

  it('previews the notice before publishing', async () => {
    serve([]);
    renderNotices();
    fireEvent.change(await screen.findByLabelText('Notice (Markdown)'), {
      target: { value: '# Heads up' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.querySelector('h1')?.textContent).toBe('Heads up');
  });

  it('refuses a blank notice without asking the server', async () => {
    serve([]);
    renderNotices();
    fireEvent.change(await screen.findByLabelText('Notice (Markdown)'), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Must not be blank')).toBeTruthy();
    expect(fakeApi.requests('POST')).toHaveLength(0);
  });

  it("shows the server's reason when publishing fails, keeping the text", async () => {
    serve([]);
    fakeApi.on('POST', path, 404, problem(404, 'The game was not found'));
    renderNotices();
    fireEvent.change(await screen.findByLabelText('Notice (Markdown)'), {
      target: { value: 'Hello' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The game was not found')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notice (Markdown)').value).toBe('Hello');
  });

  it('edits a notice in a dialog', async () => {
    const store = serve([older, newer]);
    const edited = { ...older, time: 1_800_007_200_000, values: ['Welcome, everyone'] };
    fakeApi.on('PUT', `${path}/1`, () => {
      store.notices = [edited, newer];
      return { status: 200, body: edited };
    });
    renderNotices();
    await screen.findByText('players');
    fireEvent.click(within(articles()[1]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the notice' });
    const box = within(dialog).getByLabelText<HTMLTextAreaElement>('Notice (Markdown)');
    expect(box.value).toBe('Welcome, **players**');
    fireEvent.change(box, { target: { value: 'Welcome, everyone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The notice was saved')).toBeTruthy();
    expect(fakeApi.requests('PUT', `${path}/1`)[0].body).toEqual({ content: 'Welcome, everyone' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // edited means newest: it moves to the top
    await waitFor(() => expect(articles()[0].textContent).toContain('Welcome, everyone'));
  });

  it("keeps the dialog open with the server's reason when an edit is refused", async () => {
    serve([older]);
    fakeApi.on('PUT', `${path}/1`, 400, problem(400, 'System notifications cannot be modified'));
    renderNotices();
    await screen.findByText('players');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Notice (Markdown)'), {
      target: { value: 'Changed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('System notifications cannot be modified')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('deletes a notice only after confirmation', async () => {
    const store = serve([older, newer]);
    fakeApi.on('DELETE', `${path}/2`, () => {
      store.notices = [older];
      return { status: 200 };
    });
    renderNotices();
    await screen.findByText('Round two is open');
    fireEvent.click(within(articles()[0]).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this notice?')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE', `${path}/2`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Round two is open')).toBeNull());
    expect(screen.getByText('players')).toBeTruthy();
  });

  it('says so when there is no notice yet', async () => {
    serve([]);
    renderNotices();
    expect(await screen.findByText('No notices yet.')).toBeTruthy();
  });

  it('shows a placeholder while loading', async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, buildGame({ id: 3 }));
    const release = fakeApi.hold('GET', path, 200, [older]);
    const { container } = renderNotices();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release();
    expect(await screen.findByText('players')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, buildGame({ id: 3 }));
    fakeApi.on('GET', path, 404, problem(404, 'The game was not found'));
    renderNotices();
    expect(await screen.findByText('The game was not found')).toBeTruthy();
    serve([newer]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Round two is open')).toBeTruthy();
  });
});
