import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPublicGame } from '@/test/builders';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import type { PublicGame } from '@/api/types';
import { GAMES_PAGE_SIZE } from '@/hooks/games';
import GamesPage from './GamesPage';

const HOUR = 3_600_000;
const page = (data: PublicGame[], total = data.length) => ({ data, length: data.length, total });
const render = () => renderWithProviders(<GamesPage />, { route: '/games' });
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('GamesPage', () => {
  beforeEach(() => startSignedOut());

  it('shows skeletons while the list loads', async () => {
    const release = fakeApi.hold(
      'GET',
      '/api/game',
      200,
      page([buildPublicGame({ title: 'Late' })]),
    );
    const { container } = render();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByText('Late')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Games - Demo CTF'));
  });

  it('says so when there are no games', async () => {
    fakeApi.on('GET', '/api/game', 200, page([]));
    render();
    expect(await screen.findByText('No games yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Running now' })).toBeNull();
  });

  it('sorts the games into running, upcoming and ended sections, running first', async () => {
    const now = Date.now();
    fakeApi.on(
      'GET',
      '/api/game',
      200,
      page([
        buildPublicGame({
          id: 3,
          title: 'Next week',
          start: now + 7 * 24 * HOUR + HOUR,
          end: now + 8 * 24 * HOUR,
        }),
        buildPublicGame({
          id: 2,
          title: 'Live CTF',
          summary: 'Hack now',
          start: now - HOUR,
          end: now + 2 * HOUR,
          limit: 4,
        }),
        buildPublicGame({
          id: 1,
          title: 'Old CTF',
          start: now - 9 * 24 * HOUR,
          end: now - 3 * 24 * HOUR - HOUR,
        }),
      ]),
    );
    render();
    await screen.findByText('Live CTF');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Running now', 'Upcoming', 'Ended']);

    const running = section('Running now');
    expect(running.getByText('Hack now')).toBeTruthy();
    expect(running.getByText('Teams of up to 4 players')).toBeTruthy();
    expect(running.getByRole('timer').textContent).toMatch(/^Ends in 0[12]:\d\d:\d\d$/);
    expect(running.getByRole('link').getAttribute('href')).toBe('/games/2');

    expect(section('Upcoming').getByRole('timer').textContent).toMatch(
      /^Starts in 7d 0[01]:\d\d:\d\d$/,
    );
    expect(section('Ended').getByText('Ended 3 days ago')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/game')[0].query.get('count')).toBe(
      String(GAMES_PAGE_SIZE),
    );
  });

  it('loads posters lazily and draws a stand-in for a missing or broken one', async () => {
    fakeApi.on(
      'GET',
      '/api/game',
      200,
      page([
        buildPublicGame({ title: 'With poster', poster: '/assets/abc/poster' }),
        buildPublicGame({ title: 'Without poster', poster: null }),
      ]),
    );
    const { container } = render();
    await screen.findByText('With poster');
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/assets/abc/poster');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getAllByTestId('poster-stand-in')).toHaveLength(1);
    fireEvent.error(image);
    expect(screen.getAllByTestId('poster-stand-in')).toHaveLength(2);
  });

  it('loads older games a page at a time', async () => {
    const now = Date.now();
    const ended = (n: number) =>
      buildPublicGame({
        title: `Old ${n}`,
        start: now - (n + 2) * HOUR,
        end: now - (n + 1) * HOUR,
      });
    const first = Array.from({ length: GAMES_PAGE_SIZE }, (_, n) => ended(n));
    fakeApi.on('GET', '/api/game', (request) => ({
      status: 200,
      body:
        request.query.get('skip') === '0'
          ? page(first, GAMES_PAGE_SIZE + 1)
          : page([ended(99)], GAMES_PAGE_SIZE + 1),
    }));
    render();
    await screen.findByText('Old 0');
    fireEvent.click(screen.getByRole('button', { name: 'Show older games' }));
    expect(await screen.findByText('Old 99')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/game')[1].query.get('skip')).toBe(String(GAMES_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Show older games' })).toBeNull();
  });

  it("shows the server's message with a retry button when the list fails", async () => {
    fakeApi.on('GET', '/api/game', 500, problem(500, 'Database is down'));
    render();
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getByText('The games could not be loaded')).toBeTruthy();
    fakeApi.on('GET', '/api/game', 200, page([buildPublicGame({ title: 'Back again' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
    expect(screen.queryByText('Database is down')).toBeNull();
  });

  it('marks individual games with a badge, and says nothing of team size there', async () => {
    const now = Date.now();
    fakeApi.on(
      'GET',
      '/api/game',
      200,
      page([
        buildPublicGame({
          id: 2,
          title: 'Solo CTF',
          start: now - HOUR,
          end: now + HOUR,
          limit: 4,
          playMode: 'Individual',
        }),
        buildPublicGame({ id: 1, title: 'Team CTF', start: now - HOUR, end: now + HOUR, limit: 4 }),
      ]),
    );
    render();
    const solo = (await screen.findByText('Solo CTF')).closest('a')!;
    const team = screen.getByText('Team CTF').closest('a')!;
    expect(within(solo).getByText('Individual')).toBeTruthy();
    expect(within(solo).queryByText('Teams of up to 4 players')).toBeNull();
    expect(within(team).queryByText('Individual')).toBeNull();
    expect(within(team).getByText('Teams of up to 4 players')).toBeTruthy();
  });
});
