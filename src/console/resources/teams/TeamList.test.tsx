import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildTeam, buildTeamMember } from '@/test/builders';
import { envelope, renderConsole } from '@/test/renderConsole';
import { TeamList } from './TeamList';

const renderList = () =>
  renderConsole(<TeamList />, { route: '/teams', path: '/teams', resource: 'teams' });

const red = buildTeam({
  name: 'Red',
  bio: 'We hack at night',
  avatar: '/assets/abc/avatar',
  members: [
    buildTeamMember({ userName: 'bob' }),
    buildTeamMember({ userName: 'alice', captain: true }),
  ],
});
const blue = buildTeam({ name: 'Blue', locked: true, members: [] });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('TeamList', () => {
  it('shows teams with avatar, bio, members (captain first and marked) and lock, paged by count/skip', async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red, blue], 2));
    const { container } = renderList();
    expect(await screen.findByText('Red')).toBeTruthy();
    expect(screen.getByText('We hack at night')).toBeTruthy();
    expect(container.querySelector('img[src="/assets/abc/avatar"]')).not.toBeNull();
    const members = within(rowOf('Red'))
      .getAllByText(/^(alice|bob)$/)
      .map((name) => name.textContent);
    expect(members).toEqual(['alice', 'bob']);
    const captainStar = within(rowOf('Red')).getByRole('img', { name: 'Captain' });
    const captainChip = captainStar.closest('.MuiChip-root') as HTMLElement;
    expect(within(captainChip).getByText('alice')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Lock Red' })).toHaveProperty('checked', false);
    expect(screen.getByRole('switch', { name: 'Lock Blue' })).toHaveProperty('checked', true);
    expect(screen.getByText('Members')).toBeTruthy(); // resources.teams.fields.members
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    const [request] = fakeApi.requests('GET', '/api/admin/teams');
    expect(Object.fromEntries(request.query)).toEqual({ skip: '0', count: '25' });
  });

  it('searches with the search box', async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red]));
    fakeApi.on('POST', '/api/admin/teams/search', 200, envelope([blue]));
    renderList();
    await screen.findByText('Red');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'blu' } });
    expect(await screen.findByText('Blue')).toBeTruthy();
    expect(screen.queryByText('Red')).toBeNull();
    expect(fakeApi.requests('POST', '/api/admin/teams/search')[0].query.get('hint')).toBe('blu');
  });

  it('locks a team in one click, without opening it', async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red]));
    fakeApi.on('PUT', `/api/admin/teams/${red.id}`, 200);
    renderList();
    const toggle = await screen.findByRole('switch', { name: 'Lock Red' });
    fireEvent.click(toggle);
    await waitFor(() => expect(fakeApi.requests('PUT')).toHaveLength(1));
    expect(fakeApi.requests('PUT')[0].body).toEqual({ locked: true });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    // a click on the row opens the team, a little later: give it the time to do so
    await expect(screen.findByTestId('location', {}, { timeout: 500 })).rejects.toThrow();
  });

  it("keeps the lock as it was and shows the server's reason when the change fails", async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([blue]));
    fakeApi.on('PUT', `/api/admin/teams/${blue.id}`, 404, problem(404, 'The team was not found'));
    renderList();
    fireEvent.click(await screen.findByRole('switch', { name: 'Lock Blue' }));
    expect(await screen.findByText('The team was not found')).toBeTruthy();
    expect(fakeApi.requests('PUT')[0].body).toEqual({ locked: false });
    expect(screen.getByRole('switch', { name: 'Lock Blue' })).toHaveProperty('checked', true);
  });

  it('deletes the selected teams after confirmation', async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red, blue]));
    fakeApi.on('DELETE', `/api/admin/teams/${red.id}`, 200);
    fakeApi.on('DELETE', `/api/admin/teams/${blue.id}`, 200);
    renderList();
    await screen.findByText('Red');
    fireEvent.click(within(rowOf('Red')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Blue')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete 2 teams?')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 teams deleted')).toBeTruthy();
    expect(
      fakeApi
        .requests('DELETE')
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/api/admin/teams/${blue.id}`, `/api/admin/teams/${red.id}`].sort());
  });

  it('says so when there are no teams', async () => {
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([], 0));
    renderList();
    expect(
      await screen.findByText('No teams yet. Players create their teams from the Teams page.'),
    ).toBeTruthy();
  });

  it('shows nothing but the loading table while the first page loads', async () => {
    const release = fakeApi.hold('GET', '/api/admin/teams', 200, envelope([red]));
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText(/No teams yet/)).toBeNull();
    expect(screen.queryByText('Red')).toBeNull();
    release();
    expect(await screen.findByText('Red')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/admin/teams', 500, problem(500, 'Database unavailable'));
    renderList();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red]));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Red')).toBeTruthy();
  });

  it("marks a player's personal entry for individual games", async () => {
    const entry = buildTeam({ name: 'carol', personal: true, members: [] });
    fakeApi.on('GET', '/api/admin/teams', 200, envelope([red, entry], 2));
    renderList();
    expect(await screen.findByText('carol')).toBeTruthy();
    expect(within(rowOf('carol')).getByText('Personal entry')).toBeTruthy();
    expect(within(rowOf('Red')).queryByText('Personal entry')).toBeNull();
  });
});
