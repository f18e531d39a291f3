import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame } from '@/test/builders';
import { envelope, renderConsole } from '@/test/renderConsole';
import { GameList } from './GameList';

const renderList = () =>
  renderConsole(<GameList />, { route: '/games', path: '/games', resource: 'games' });

describe('GameList', () => {
  it('shows games with poster, times and visibility, paged by count/skip', async () => {
    fakeApi.on(
      'GET',
      '/api/edit/games',
      200,
      envelope(
        [
          buildGame({ title: 'Spring CTF', poster: '/assets/abc/poster' }),
          buildGame({ title: 'Secret', hidden: true }),
        ],
        2,
      ),
    );
    const { container } = renderList();
    expect(await screen.findByText('Spring CTF')).toBeTruthy();
    expect(screen.getByText('Secret')).toBeTruthy();
    expect(screen.getByText('Hidden')).toBeTruthy();
    expect(screen.getByText('Visible')).toBeTruthy();
    expect(container.querySelector('img[src="/assets/abc/poster"]')).not.toBeNull();
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Challenges' })[0].getAttribute('href')).toMatch(
      /^\/games\/\d+\/challenges$/,
    );
    const [request] = fakeApi.requests('GET', '/api/edit/games');
    expect(Object.fromEntries(request.query)).toEqual({ skip: '0', count: '25' });
  });

  it('says so when there are no games', async () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([], 0));
    renderList();
    expect(await screen.findByText('No games yet.')).toBeTruthy();
  });

  it('shows only the loading table while the first page loads', async () => {
    const release = fakeApi.hold(
      'GET',
      '/api/edit/games',
      200,
      envelope([buildGame({ title: 'Late' })]),
    );
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText('No games yet.')).toBeNull();
    release();
    expect(await screen.findByText('Late')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/edit/games', 500, problem(500, 'Database unavailable'));
    renderList();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fakeApi.on('GET', '/api/edit/games', 200, envelope([buildGame({ title: 'Back' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Back')).toBeTruthy();
  });
});
