import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildChallenge, buildGame, challengeInfo } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ChallengeList } from './ChallengeList';

const game = buildGame({ id: 3, title: 'Spring CTF' });
const web = buildChallenge({ title: 'Login', category: 'Web', acceptedCount: 12 });
const pwn = buildChallenge({ title: 'Stack', category: 'Pwn', isEnabled: true, acceptedCount: 2 });
const web2 = buildChallenge({ title: 'Cookies', category: 'Web', type: 'DynamicContainer' });

const renderList = () =>
  renderConsole(<ChallengeList />, { route: '/games/3/challenges', path: ChallengeList.path });

function serve(challenges = [web, pwn, web2]) {
  fakeApi.on('GET', '/api/edit/games/3', 200, game);
  fakeApi.on(
    'GET',
    '/api/edit/games/3/challenges',
    200,
    challenges.map((c) => challengeInfo(c, c.originalScore - 10 * c.acceptedCount)),
  );
}

describe('ChallengeList', () => {
  it('groups challenges by category with score, solves and links', async () => {
    serve();
    renderList();
    const webGroup = await screen.findByRole('region', { name: 'Web' });
    const pwnGroup = screen.getByRole('region', { name: 'Pwn' });
    // the spec's order of categories: Pwn before Web
    expect(
      pwnGroup.compareDocumentPosition(webGroup) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(webGroup).getByText('Login')).toBeTruthy();
    expect(within(webGroup).getByText('Cookies')).toBeTruthy();
    expect(within(webGroup).getByText('880 / 1000')).toBeTruthy();
    expect(within(webGroup).getByText('12')).toBeTruthy();
    expect(within(pwnGroup).getByText('Stack')).toBeTruthy();
    expect(within(webGroup).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `/games/3/challenges/${web.id}`,
    );
    expect(within(webGroup).getByRole('link', { name: 'Flag template' })).toBeTruthy();
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('stacks each challenge: switch and title, then type, score and solves, then its flags', async () => {
      // a phone-wide window: every "max-width" media query matches
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }));
      serve();
      renderList();
      const webGroup = await screen.findByRole('region', { name: 'Web' });
      expect(screen.queryByRole('table')).toBeNull();
      const [login] = within(webGroup).getAllByRole('listitem');
      expect(within(login).getByRole('switch', { name: 'Enable Login' })).toBeTruthy();
      expect(within(login).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
        `/games/3/challenges/${web.id}`,
      );
      expect(login.textContent).toContain('Static attachment');
      expect(login.textContent).toContain('Score 880 / 1000');
      expect(login.textContent).toContain('Solves 12');
      expect(within(login).getByRole('link', { name: 'Flags' })).toBeTruthy();
    });
  });

  it('enables a challenge with its switch', async () => {
    serve();
    fakeApi.on('PUT', `/api/edit/games/3/challenges/${web.id}`, 200, { ...web, isEnabled: true });
    renderList();
    const toggle = await screen.findByRole('switch', { name: 'Enable Login' });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(fakeApi.requests('PUT')).toHaveLength(1));
    expect(fakeApi.requests('PUT')[0].body).toEqual({ isEnabled: true });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
  });

  it('shows why a challenge cannot be enabled', async () => {
    serve();
    fakeApi.on(
      'PUT',
      `/api/edit/games/3/challenges/${web.id}`,
      400,
      problem(400, 'The challenge has no flag and cannot be enabled'),
    );
    renderList();
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable Login' }));
    // the server's reason, in the organiser's words
    expect(
      await screen.findByText(
        'This challenge cannot be enabled without a flag: add one under Flags first.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable Login' })).toHaveProperty('checked', false);
  });

  it('says so when the game has no challenge yet', async () => {
    serve([]);
    renderList();
    expect(await screen.findByText('No challenges yet. Create the first one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe(
      '/games/3/challenges/create',
    );
  });

  it('shows placeholders while loading', async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    const release = fakeApi.hold('GET', '/api/edit/games/3/challenges', 200, []);
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release();
    expect(await screen.findByText('No challenges yet. Create the first one.')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    fakeApi.on('GET', '/api/edit/games/3/challenges', 500, problem(500, 'Database unavailable'));
    renderList();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    serve([pwn]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Stack')).toBeTruthy();
  });
});
