import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOverview, GameOverview } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { fakeHubs } from '@/test/fakeHub';
import { renderConsole } from '@/test/renderConsole';
import { ConsoleHome } from './ConsoleHome';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);
// The chart is ECharts' own business (and needs a layout jsdom has not): a stand-in shows its data.
vi.mock('./SubmissionChart', () => ({
  default: ({ series }: { series: { count: number }[] }) => (
    <output data-testid="chart">{series.map((bucket) => bucket.count).join(',')}</output>
  ),
}));

const now = Date.now();
const running = (overrides: Partial<GameOverview> = {}): GameOverview => ({
  id: 3,
  title: 'Spring CTF',
  hidden: false,
  start: now - 3_600_000,
  end: now + 3_600_000,
  phase: 'Running',
  teams: 3,
  acceptedTeams: 2,
  pendingTeams: 1,
  runningInstances: 1,
  submissionsPerMinute: [],
  bloods: [],
  ...overrides,
});

function serve(games: GameOverview[], errorsLastHour = 0, time = now) {
  fakeApi.on('GET', '/api/admin/overview', 200, {
    time,
    errorsLastHour,
    games,
  } satisfies AdminOverview);
}

const renderHome = () => renderConsole(<ConsoleHome />, { route: '/', path: '/' });
const figure = (card: HTMLElement, id: string) =>
  within(card).getByTestId(`${id}-value`).textContent;

describe('the console home', () => {
  beforeEach(() => fakeHubs.reset());

  it('shows a running game with links, and says what to do when none runs', async () => {
    serve([running({ pendingTeams: 2 })], 3);
    const { unmount } = renderHome();
    const card = await screen.findByTestId('home-game-3');
    expect(figure(card, 'home-teams')).toBe('2 accepted of 3');
    expect(figure(card, 'home-pending')).toBe('2');
    expect(within(card).getByRole('link', { name: 'Review them' }).getAttribute('href')).toBe(
      '/games/3/review',
    );
    expect(within(card).getByRole('link', { name: 'Monitor' }).getAttribute('href')).toBe(
      '/games/3/monitor/events',
    );
    expect(within(card).getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
      '/games/3',
    );
    expect(screen.getByTestId('home-errors').textContent).toMatch(/3 errors in the log/);
    const errors = screen.getByRole('link', { name: 'Show errors' }).getAttribute('href') ?? '';
    expect(JSON.parse(new URLSearchParams(errors.split('?')[1]).get('filter')!)).toEqual({
      level: 'Error',
    });
    unmount();

    serve([running({ id: 4, phase: 'Upcoming', start: now + 3_600_000 })]);
    renderHome();
    expect(await screen.findByText('No game is running')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a game' }).getAttribute('href')).toBe(
      '/games/create',
    );
    expect(screen.getByRole('heading', { name: 'Upcoming games' })).toBeTruthy();
  });

  it('marks hidden games, running or not, so that an imported copy is told from its original', async () => {
    serve([
      running({ id: 3, title: 'Spring CTF' }),
      running({ id: 5, title: 'Spring CTF', hidden: true }),
      running({
        id: 6,
        title: 'Autumn CTF',
        hidden: true,
        phase: 'Upcoming',
        start: now + 3_600_000,
      }),
    ]);
    renderHome();
    const listed = await screen.findByTestId('home-game-3');
    const hidden = screen.getByTestId('home-game-5');
    const upcoming = screen.getByTestId('home-game-6');
    expect(within(listed).queryByTestId('home-hidden')).toBeNull();
    for (const card of [hidden, upcoming]) {
      const mark = within(card).getByTestId('home-hidden');
      expect(mark.textContent).toBe('Hidden');
      expect(mark.getAttribute('aria-label')).toBeNull();
      expect(mark.getAttribute('aria-describedby') ?? mark.getAttribute('title')).toBeTruthy();
    }
  });

  it('follows registrations, submissions, instances, bloods and errors over the hubs', async () => {
    serve([running()]);
    renderHome();
    const card = await screen.findByTestId('home-game-3');
    await waitFor(() => {
      for (const url of ['/hub/admin', '/hub/monitor?game=3', '/hub/user?game=3']) {
        expect(fakeHubs.last(url)?.starts).toBe(1);
      }
    });
    const reads = fakeApi.requests('GET', '/api/admin/overview').length;

    fakeHubs.last('/hub/admin')!.push('ReceivedRegistrationChange', {
      gameId: 3,
      teamId: 7,
      status: 'Pending',
      previous: null,
    });
    // the query client tells the page on its next tick
    await waitFor(() => expect(figure(card, 'home-teams')).toBe('2 accepted of 4'));
    expect(figure(card, 'home-pending')).toBe('2');

    const monitor = fakeHubs.last('/hub/monitor?game=3')!;
    monitor.push('ReceivedSubmissions', {
      time: new Date().toISOString(),
      status: 'WrongAnswer',
      team: 'Alpha',
      user: 'alice',
      challenge: 'Warm-up',
      answer: 'flag{no}',
    });
    await waitFor(() => expect(figure(card, 'home-submissions')).toBe('1'));
    expect(screen.getByTestId('chart').textContent?.split(',').at(-1)).toBe('1');
    monitor.push('ReceivedGameEvent', {
      type: 'ContainerStart',
      values: [],
      time: new Date().toISOString(),
      user: 'alice',
      team: 'Alpha',
    });
    await waitFor(() => expect(figure(card, 'home-instances')).toBe('2'));

    fakeHubs.last('/hub/user?game=3')!.push('ReceivedGameNotice', {
      id: 1,
      type: 'FirstBlood',
      values: ['Alpha', 'Warm-up'],
      time: new Date().toISOString(),
    });
    expect(await within(card).findByText('Alpha took first blood on Warm-up')).toBeTruthy();

    fakeHubs.last('/hub/admin')!.push('ReceivedLog', {
      time: new Date().toISOString(),
      level: 'Error',
      name: 'System',
      ip: '',
      msg: 'boom',
      status: 'Failed',
    });
    await waitFor(() =>
      expect(screen.getByTestId('home-errors').textContent).toMatch(/1 error in the log/),
    );
    // all of it without reading the figures again
    expect(fakeApi.requests('GET', '/api/admin/overview').length).toBe(reads);
  });

  it('reads the figures again when a game hub comes back after a loss', async () => {
    serve([running()]);
    renderHome();
    await screen.findByTestId('home-game-3');
    await waitFor(() => expect(fakeHubs.last('/hub/monitor?game=3')?.starts).toBe(1));
    const reads = fakeApi.requests('GET', '/api/admin/overview').length;
    const monitor = fakeHubs.last('/hub/monitor?game=3')!;
    monitor.drop();
    monitor.regain();
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/api/admin/overview').length).toBeGreaterThan(reads),
    );
  });

  it('reads the figures again when an upcoming game starts', async () => {
    // The server read the figures 50 ms before the start; the answer arrives only after it (as on a
    // busy machine): the home still reads them again a second after the start.
    const time = Date.now();
    const start = time + 50;
    const release = fakeApi.hold('GET', '/api/admin/overview', 200, {
      time,
      errorsLastHour: 0,
      games: [running({ phase: 'Upcoming', start })],
    } satisfies AdminOverview);
    renderHome();
    await waitFor(() => expect(fakeApi.requests('GET', '/api/admin/overview')).toHaveLength(1));
    await waitFor(() => expect(Date.now()).toBeGreaterThan(start));
    release();
    expect(await screen.findByText('No game is running')).toBeTruthy();
    serve([running({ start })], 0, time + 1_000);
    // the running game's card, with its figures
    expect(await screen.findByTestId('home-teams', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('No game is running')).toBeNull();
  });
});
