import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile, buildTeam, buildTeamMember } from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { fill } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import TeamsPage from './TeamsPage';

const me = buildProfile({ userId: '11111111-0000-4000-8000-000000000001', userName: 'alice' });
const captain = buildTeamMember({ id: me.userId, userName: 'alice', captain: true });
const code = 'Red Team:7:0123456789abcdef0123456789abcdef';

const render = (route = '/teams') => renderWithProviders(<TeamsPage />, { route });
const card = (name: string) => within(screen.getByRole('article', { name }));

describe('TeamsPage', () => {
  beforeEach(() => startSignedIn(me));

  it('asks visitors to sign in, and brings them back with their invite', async () => {
    startSignedOut();
    render(`/teams?invite=${encodeURIComponent(code)}`);
    expect(await screen.findByText('Sign in to create a team or to join one.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(
      `/account/login?from=${encodeURIComponent(`/teams?invite=${encodeURIComponent(code)}`)}`,
    );
    expect(fakeApi.requests('GET', '/api/team')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Teams - Demo CTF'));
  });

  it('shows skeletons while the teams load', async () => {
    const release = fakeApi.hold('GET', '/api/team', 200, [buildTeam({ name: 'Late' })]);
    const { container } = render();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeTruthy());
    release();
    expect(await screen.findByRole('heading', { name: 'Late' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says so when the user has no team yet', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    render();
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
  });

  it('shows the server error with a retry', async () => {
    fakeApi.on('GET', '/api/team', 500, problem(500, 'Database down'));
    render();
    expect(await screen.findByText('Database down')).toBeTruthy();
    expect(screen.getByText('Your teams could not be loaded')).toBeTruthy();
    fakeApi.on('GET', '/api/team', 200, []);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
  });

  it('shows each team with its bio, lock and members, the captain first and marked', async () => {
    fakeApi.on('GET', '/api/team', 200, [
      buildTeam({
        name: 'Red Team',
        bio: 'We hack things',
        locked: true,
        members: [
          buildTeamMember({ userName: 'bob', bio: 'pwn' }),
          buildTeamMember({ userName: 'carol', captain: true }),
          buildTeamMember({ id: me.userId, userName: 'alice' }),
        ],
      }),
    ]);
    render();
    const red = await waitFor(() => card('Red Team'));
    expect(red.getByText('We hack things')).toBeTruthy();
    expect(red.getByText('Locked')).toBeTruthy();
    const members = within(red.getByRole('list', { name: 'Members of Red Team' }));
    const [first, second, third] = members.getAllByRole('listitem').map((item) => within(item));
    expect(first.getByText('carol')).toBeTruthy();
    expect(first.getByText('Captain')).toBeTruthy();
    expect(second.getByText('pwn')).toBeTruthy();
    expect(third.getByText('alice (you)')).toBeTruthy();
  });

  it('creates a team within the spec limits', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on('POST', '/api/team', 200, buildTeam({ id: 9, name: 'Blue', members: [captain] }));
    render();
    await screen.findByText('You are not in a team yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create a team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a team' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText('Required')).toBeTruthy();
    fill('Team name', 'x'.repeat(21));
    expect(dialog.getByText('At most 20 characters')).toBeTruthy();
    fill('Team name', ' Blue ');
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Team Blue was created')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/team')[0].body).toEqual({ name: 'Blue', bio: null });
    await waitFor(() => expect(card('Blue').getByRole('button', { name: 'Invite' })).toBeTruthy());
  });

  it('shows why a team could not be created', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on('POST', '/api/team', 400, problem(400, 'You already captain 3 teams'));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Create a team' }));
    fill('Team name', 'Four');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You already captain 3 teams')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create a team' })).toBeTruthy();
  });

  it('joins a team with an invite code', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on('POST', '/api/team/accept', 200);
    render();
    await screen.findByText('You are not in a team yet');
    fireEvent.click(screen.getByRole('button', { name: 'Join a team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Join a team' }));
    fill('Invite code', 'Red Team');
    expect(dialog.getByText('Not an invite code')).toBeTruthy();
    fill('Invite code', ` ${code} `);
    expect(dialog.getByText('You are joining team Red Team.')).toBeTruthy();
    fakeApi.on('GET', '/api/team', 200, [buildTeam({ name: 'Red Team' })]);
    fireEvent.click(dialog.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined team Red Team')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/team/accept')[0].body).toBe(code);
    expect(await screen.findByRole('heading', { name: 'Red Team' })).toBeTruthy();
  });

  it('opens the join dialog from an invite link and clears the link after', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on('POST', '/api/team/accept', 400, problem(400, 'The invite code is not valid'));
    const { location } = render(`/teams?invite=${encodeURIComponent(code)}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Join a team' }));
    expect(dialog.getByDisplayValue(code)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The invite code is not valid')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/teams'));
  });

  it('explains in the dialog that a locked team cannot be joined yet', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on(
      'POST',
      '/api/team/accept',
      400,
      problem(400, 'The team is locked while it plays a game that has not ended'),
    );
    render(`/teams?invite=${encodeURIComponent(code)}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Join a team' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Join' }));
    expect(
      await dialog.findByText(/Team Red Team is playing a game and is locked: nobody can join/),
    ).toBeTruthy();
    expect(screen.queryByText('An error was encountered')).toBeNull();
  });

  it('tells the user when the invite is for a team they are already in', async () => {
    fakeApi.on('GET', '/api/team', 200, [buildTeam({ id: 7, name: 'Red Team' })]);
    render(`/teams?invite=${encodeURIComponent(code)}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Join a team' }));
    expect(await dialog.findByText('You are already a member of team Red Team.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Join' })).toHaveProperty('disabled', true);
  });

  it("never shows the user's personal entry for individual games, should the server list it", async () => {
    fakeApi.on('GET', '/api/team', 200, [
      buildTeam({ name: 'alice', personal: true, members: [captain] }),
      buildTeam({ name: 'Red Team', members: [captain] }),
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Red Team' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'alice' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
