import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Participation, ParticipationStatus } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame, buildParticipation, buildProfile } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ParticipationReview } from './ParticipationReview';

const LIST = '/api/game/3/participations';
const game = buildGame({ id: 3, title: 'Spring CTF' });

const captain = buildProfile({
  userId: '5a7e0c3b-0000-4000-8000-00000000a001',
  userName: 'alice',
  realName: 'Alice Liddell',
  stdNumber: 'S2024001',
  email: 'alice@example.com',
});
const bench = buildProfile({
  userId: '5a7e0c3b-0000-4000-8000-00000000a002',
  userName: 'bob',
  realName: '',
  stdNumber: '',
  email: null,
});
const alpha = buildParticipation({
  team: {
    name: 'Alpha',
    bio: 'We like heap',
    captainId: captain.userId,
    members: [captain, bench],
  },
  registeredMembers: [captain.userId],
});
const beta = buildParticipation({ team: { name: 'Beta' } });
const gamma = buildParticipation({ team: { name: 'Gamma' }, status: 'Accepted' });
const delta = buildParticipation({ team: { name: 'Delta' }, status: 'Rejected' });

const renderReview = () =>
  renderConsole(<ParticipationReview />, {
    route: '/games/3/review',
    path: ParticipationReview.path,
  });

function serve(
  participations: Participation[] = [alpha, beta, gamma, delta],
  divisions: string[] = [],
) {
  fakeApi.on('GET', '/api/edit/games/3', 200, { ...game, divisions });
  fakeApi.on('GET', LIST, 200, participations);
}

const group = (status: string) => screen.getByRole('region', { name: status });
const row = (team: string) => screen.getByRole('row', { name: team });

describe('ParticipationReview', () => {
  it('groups the teams by status, pending first, with counts', async () => {
    serve();
    renderReview();
    const pending = await screen.findByRole('region', { name: 'Pending' });
    expect(screen.getByRole('tab', { name: 'Review', selected: true })).toBeTruthy();
    const order = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    // no suspended nor unsubmitted team: those groups are left out
    expect(order).toEqual(['Pending', 'Accepted', 'Rejected']);
    expect(within(pending).getByText('Pending (2)')).toBeTruthy();
    expect(within(group('Accepted')).getByText('Accepted (1)')).toBeTruthy();
    expect(within(pending).getByRole('row', { name: 'Alpha' })).toBeTruthy();
    expect(within(pending).getByRole('row', { name: 'Beta' })).toBeTruthy();
    expect(within(group('Accepted')).getByRole('row', { name: 'Gamma' })).toBeTruthy();
    expect(within(group('Rejected')).getByRole('row', { name: 'Delta' })).toBeTruthy();
  });

  it('shows the team, its bio and the members who play, the captain marked', async () => {
    serve();
    renderReview();
    const alphaRow = await screen.findByRole('row', { name: 'Alpha' });
    expect(within(alphaRow).getByText('We like heap')).toBeTruthy();
    expect(within(alphaRow).getByText('alice')).toBeTruthy();
    expect(within(alphaRow).getByTitle('Captain')).toBeTruthy();
    // bob is in the team but did not register for this game
    expect(within(alphaRow).queryByText('bob')).toBeNull();
    expect(within(row('Beta')).getAllByTitle('Captain')).toHaveLength(1);
    // no divisions in this game: neither column nor filter
    expect(screen.queryByRole('columnheader', { name: 'Division' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Division' })).toBeNull();
  });

  it("opens the members' details", async () => {
    serve();
    renderReview();
    const toggle = await screen.findByRole('button', { name: 'Members of Alpha' });
    expect(screen.queryByText('Alice Liddell')).toBeNull();
    fireEvent.click(toggle);
    const details = await screen.findByRole('table', { name: 'Members' });
    const aliceRow = within(details).getByText('Alice Liddell').closest('tr') as HTMLElement;
    expect(within(aliceRow).getByText('S2024001')).toBeTruthy();
    expect(within(aliceRow).getByText('alice@example.com')).toBeTruthy();
    expect(within(aliceRow).getByText('Plays')).toBeTruthy();
    const bobRow = within(details).getByText('bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Not registered')).toBeTruthy();
    expect(within(bobRow).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('offers only the changes that make sense for each status', async () => {
    serve();
    renderReview();
    const alphaRow = await screen.findByRole('row', { name: 'Alpha' });
    const buttons = (element: HTMLElement) =>
      within(element)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text !== '');
    expect(buttons(alphaRow)).toEqual(['Accept', 'Reject']);
    expect(buttons(row('Gamma'))).toEqual(['Suspend']);
    expect(buttons(row('Delta'))).toEqual(['Accept', 'Back to pending']);
  });

  it.each<[string, string, ParticipationStatus, string]>([
    ['Accept', 'Alpha', 'Accepted', 'Accepted'],
    ['Reject', 'Alpha', 'Rejected', 'Rejected'],
    ['Suspend', 'Gamma', 'Suspended', 'Suspended'],
    ['Back to pending', 'Delta', 'Pending', 'Pending'],
  ])(
    '%s %s: sends the status and moves the row when the server answers',
    async (action, team, status, target) => {
      serve();
      const participation = [alpha, gamma, delta].find((p) => p.team.name === team)!;
      const path = `/api/admin/participation/${participation.id}`;
      const release = fakeApi.hold('PUT', path, 200);
      renderReview();
      fireEvent.click(await screen.findByRole('button', { name: `${action} ${team}` }));
      await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
      expect(fakeApi.requests('PUT', path)[0].body).toEqual({ status });
      // pessimistic: nothing moves before the answer, and the buttons wait
      expect(within(group(participation.status)).getByRole('row', { name: team })).toBeTruthy();
      expect(
        (screen.getByRole('button', { name: `${action} ${team}` }) as HTMLButtonElement).disabled,
      ).toBe(true);
      release();
      await waitFor(() =>
        expect(within(group(target)).getByRole('row', { name: team })).toBeTruthy(),
      );
      // the group it left may be gone altogether (only Pending stays when empty)
      const left = screen.queryByRole('region', { name: participation.status });
      expect(left && within(left).queryByRole('row', { name: team })).toBeFalsy();
      expect(await screen.findByText(`${team} moved to ${target}`)).toBeTruthy();
    },
  );

  it("shows the server's title when a change is refused, and leaves the row", async () => {
    serve();
    fakeApi.on(
      'PUT',
      `/api/admin/participation/${alpha.id}`,
      400,
      problem(400, 'Invalid participation status'),
    );
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Alpha' }));
    expect(await screen.findByText('Invalid participation status')).toBeTruthy();
    expect(within(group('Pending')).getByRole('row', { name: 'Alpha' })).toBeTruthy();
    expect(screen.getByText('Pending (2)')).toBeTruthy();
  });

  it('filters by team name, counting what is shown', async () => {
    serve();
    renderReview();
    const search = await screen.findByRole('searchbox', { name: 'Search teams' });
    fireEvent.change(search, { target: { value: 'ALP' } });
    expect(screen.getByText('Pending (1 of 2)')).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'Beta' })).toBeNull();
    expect(within(group('Accepted')).getByText('No team matches the filters.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByText('Pending (2)')).toBeTruthy();
    expect(row('Beta')).toBeTruthy();
  });

  it('filters by division when the game has divisions', async () => {
    const open = buildParticipation({ team: { name: 'Opener' }, division: 'Open' });
    const junior = buildParticipation({ team: { name: 'Kids' }, division: 'Juniors' });
    serve([open, junior], ['Open', 'Juniors']);
    renderReview();
    const kids = await screen.findByRole('row', { name: 'Kids' });
    expect(within(kids).getByText('Juniors')).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Division' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Juniors' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Opener' })).toBeNull());
    expect(row('Kids')).toBeTruthy();
    expect(screen.getByText('Pending (1 of 2)')).toBeTruthy();
  });

  it("moves a team to another of the game's divisions", async () => {
    const junior = buildParticipation({ team: { name: 'Kids' }, division: 'Juniors' });
    const unplaced = buildParticipation({ team: { name: 'Drifters' }, division: null });
    serve([junior, unplaced], ['Open', 'Juniors']);
    const put = `/api/admin/participation/${junior.id}`;
    fakeApi.on('PUT', put, 200);
    renderReview();
    const select = await screen.findByRole('combobox', { name: 'Division of Kids' });
    expect(select.textContent).toBe('Juniors');
    expect(screen.getByRole('combobox', { name: 'Division of Drifters' }).textContent).not.toMatch(
      /Open|Juniors/,
    );
    fakeApi.on('GET', LIST, 200, [{ ...junior, division: 'Open' }, unplaced]);
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Open' }));
    expect(await screen.findByText('Kids moved to division Open')).toBeTruthy();
    expect(fakeApi.requests('PUT', put).map((request) => request.body)).toEqual([
      { division: 'Open' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Division of Kids' }).textContent).toBe('Open'),
    );
  });

  it('shows why a division change was refused', async () => {
    const junior = buildParticipation({ team: { name: 'Kids' }, division: 'Juniors' });
    serve([junior], ['Open', 'Juniors']);
    fakeApi.on(
      'PUT',
      `/api/admin/participation/${junior.id}`,
      400,
      problem(400, 'Invalid division'),
    );
    renderReview();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Division of Kids' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Open' }));
    expect(await screen.findByText('Invalid division')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Division of Kids' }).textContent).toBe('Juniors');
  });

  it('says so when no team has registered', async () => {
    serve([]);
    renderReview();
    expect(await screen.findByText('No team has registered for this game yet.')).toBeTruthy();
  });

  it('says there is nothing to review when no team waits', async () => {
    serve([gamma]);
    renderReview();
    expect(await screen.findByText('Pending (0)')).toBeTruthy();
    expect(within(group('Pending')).getByText('Nothing to review.')).toBeTruthy();
  });

  it('shows placeholders while loading', async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    const release = fakeApi.hold('GET', LIST, 200, [beta]);
    const { container } = renderReview();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release();
    expect(await screen.findByRole('row', { name: 'Beta' })).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/edit/games/3', 200, game);
    fakeApi.on('GET', LIST, 404, problem(404, 'The game was not found'));
    renderReview();
    expect(await screen.findByText('The game was not found')).toBeTruthy();
    serve([beta]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('row', { name: 'Beta' })).toBeTruthy();
  });

  it('names the registrations of an individual game players', async () => {
    const alone = buildParticipation({
      team: { name: 'alice', captainId: captain.userId, members: [captain] },
    });
    fakeApi.on('GET', '/api/edit/games/3', 200, { ...game, playMode: 'Individual' });
    fakeApi.on('GET', LIST, 200, [alone]);
    renderReview();
    expect(await screen.findByRole('row', { name: 'alice' })).toBeTruthy();
    expect(within(group('Pending')).getByRole('columnheader', { name: 'Player' })).toBeTruthy();
    expect(within(group('Pending')).queryByRole('columnheader', { name: 'Team' })).toBeNull();
    expect(screen.getByLabelText('Search players')).toBeTruthy();
  });
});
