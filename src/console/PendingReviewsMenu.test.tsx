import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { fakeHubs } from '@/test/fakeHub';
import { buildGame, buildLog, buildParticipation } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ADMIN_HUB_PATH, RECEIVED_LOG, RECEIVED_REGISTRATION_CHANGE } from './adminHubConnection';
import { ConsoleMenu } from './ConsoleMenu';
import { RegistrationUpdates } from './RegistrationUpdates';
import { ParticipationReview } from './resources/participations/ParticipationReview';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const open = buildGame({ id: 3, title: 'Spring CTF', end: Date.now() + 86_400_000 });
const ended = buildGame({ id: 4, title: 'Old CTF', end: Date.now() - 86_400_000 });
const pending = (name: string) => buildParticipation({ team: { name }, status: 'Pending' });
const accepted = buildParticipation({ team: { name: 'Gamma' }, status: 'Accepted' });

function serve(participations = [pending('Alpha'), accepted]) {
  fakeApi.on('GET', '/api/edit/games', 200, { data: [open, ended], length: 2, total: 2 });
  fakeApi.on('GET', '/api/edit/games/3', 200, open);
  fakeApi.on('GET', '/api/game/3/participations', 200, participations);
  fakeApi.on('GET', '/api/game/4/participations', 200, [pending('Late')]);
}

const renderWith = (page: React.ReactNode, route = '/') =>
  renderConsole(
    <>
      <RegistrationUpdates />
      <ConsoleMenu />
      {page}
    </>,
    { route, path: route === '/' ? '/' : ParticipationReview.path },
  );

describe('pending reviews', () => {
  beforeEach(() => fakeHubs.reset());

  it('shows a menu entry with a badge per open game with teams to review', async () => {
    serve();
    renderWith(null);
    const item = await screen.findByRole('menuitem', { name: /1 team to review: Spring CTF/ });
    expect(item.getAttribute('href')).toBe('/games/3/review');
    expect(screen.queryByText(/Old CTF/)).toBeNull();
  });

  it('updates the queue and the badge when a team joins, over the admin hub', async () => {
    serve();
    renderWith(<ParticipationReview />, '/games/3/review');
    expect(await screen.findByRole('row', { name: 'Alpha' })).toBeTruthy();
    await waitFor(() => expect(fakeHubs.last(ADMIN_HUB_PATH)?.starts).toBe(1));

    fakeApi.on('GET', '/api/game/3/participations', 200, [
      pending('Alpha'),
      pending('Beta'),
      accepted,
    ]);
    // log entries, even ones that read like a join, do not read the registrations again
    const reads = fakeApi.requests('GET', '/api/game/3/participations').length;
    fakeHubs.last(ADMIN_HUB_PATH)?.push(RECEIVED_LOG, buildLog({ msg: 'alice signed in' }));
    fakeHubs
      .last(ADMIN_HUB_PATH)
      ?.push(RECEIVED_LOG, buildLog({ msg: 'bob joined game Spring CTF with team 7' }));
    fakeHubs.last(ADMIN_HUB_PATH)?.push(RECEIVED_REGISTRATION_CHANGE, {
      gameId: 3,
      teamId: 7,
      status: 'Pending',
      previous: null,
    });
    expect(await screen.findByRole('row', { name: 'Beta' })).toBeTruthy();
    expect(
      await screen.findByRole('menuitem', { name: /2 teams to review: Spring CTF/ }),
    ).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/game/3/participations').length).toBe(reads + 2);
  });
});
