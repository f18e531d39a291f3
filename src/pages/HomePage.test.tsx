import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, buildProfile, buildPublicGame, postInfo } from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import HomePage from './HomePage';

const HOUR = 3_600_000;
const render = () => renderWithProviders(<HomePage />);
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('HomePage', () => {
  beforeEach(() => {
    startSignedOut();
    fakeApi.on('GET', '/api/game/recent', 200, []);
    fakeApi.on('GET', '/api/posts/latest', 200, []);
  });

  it('shows the configured title and slogan', async () => {
    render();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Demo CTF');
    expect(screen.getByText('Hack for fun')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home - Demo CTF'));
  });

  it('shows the server error instead of crashing when the configuration fails', async () => {
    fakeApi.on('GET', '/api/config', 501, problem(501, 'Not implemented yet'));
    render();
    expect(await screen.findByText('Not implemented yet')).toBeTruthy();
    expect(screen.getByText('The platform configuration could not be loaded')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/config')).toHaveLength(1); // no retry
  });

  it('shows skeletons while games and news load', async () => {
    const releaseGames = fakeApi.hold('GET', '/api/game/recent', 200, []);
    const releasePosts = fakeApi.hold('GET', '/api/posts/latest', 200, []);
    render();
    await screen.findByText('Hack for fun');
    for (const name of ['Games', 'News']) {
      expect(screen.getByRole('region', { name }).querySelector('[aria-busy="true"]')).toBeTruthy();
    }
    releaseGames();
    releasePosts();
    expect(await screen.findByText('No games yet: check back soon.')).toBeTruthy();
    expect(screen.getByText('No news yet.')).toBeTruthy();
  });

  it('lists the recent games, running before upcoming before ended, each opening its page', async () => {
    const now = Date.now();
    fakeApi.on('GET', '/api/game/recent', 200, [
      buildPublicGame({ id: 1, title: 'Old CTF', start: now - 48 * HOUR, end: now - 24 * HOUR }),
      buildPublicGame({ id: 2, title: 'Soon CTF', start: now + HOUR, end: now + 5 * HOUR }),
      buildPublicGame({ id: 3, title: 'Live CTF', start: now - HOUR, end: now + HOUR }),
    ]);
    render();
    const games = section('Games');
    await games.findByText('Live CTF');
    const titles = games.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Live CTF', 'Soon CTF', 'Old CTF']);
    expect(games.getByRole('link', { name: /Live CTF/ }).getAttribute('href')).toBe('/games/3');
    expect(games.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/games');
    expect(fakeApi.requests('GET', '/api/game/recent')[0].query.get('limit')).toBe('6');
  });

  it('shows the latest posts, pinned first, with a way to read each', async () => {
    fakeApi.on('GET', '/api/posts/latest', 200, [
      postInfo(buildPost({ id: 'aaaa0001', title: 'Rules', summary: 'Read **them**', time: 1 })),
      postInfo(buildPost({ id: 'aaaa0002', title: 'Welcome', isPinned: true, time: 0 })),
    ]);
    render();
    const news = section('News');
    await news.findByText('Rules');
    expect(news.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Welcome',
      'Rules',
    ]);
    expect(news.getByText('them').tagName).toBe('STRONG');
    expect(news.getByText('Pinned')).toBeTruthy();
    expect(news.getByRole('link', { name: 'Read more: Rules' }).getAttribute('href')).toBe(
      '/posts/aaaa0001',
    );
    expect(news.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/posts');
  });

  it('offers a retry when the news fail to load', async () => {
    fakeApi.on('GET', '/api/posts/latest', 500, problem(500, 'Database down'));
    render();
    const news = section('News');
    expect(await news.findByText('Database down')).toBeTruthy();
    expect(news.getByText('The news could not be loaded')).toBeTruthy();
    fakeApi.on('GET', '/api/posts/latest', 200, [postInfo(buildPost({ title: 'Back' }))]);
    news.getByRole('button', { name: 'Retry' }).click();
    expect(await news.findByText('Back')).toBeTruthy();
  });

  it('shows no console link to visitors', async () => {
    render();
    await screen.findByText('Hack for fun');
    await waitFor(() => expect(fakeApi.requests('GET', '/api/account/profile')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Admin console' })).toBeNull();
  });

  it('shows a console link to administrators', async () => {
    startSignedIn(buildProfile({ role: 'Admin' }));
    fakeApi.on('GET', '/api/game/recent', 200, []);
    fakeApi.on('GET', '/api/posts/latest', 200, []);
    render();
    const link = await screen.findByRole('link', { name: 'Admin console' });
    expect(link.getAttribute('href')).toBe('/admin');
  });
});
