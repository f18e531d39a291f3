import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamInfo } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile, buildTeam, buildTeamMember } from '@/test/builders';
import { startSignedIn } from '@/test/fixtures';
import { fill } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { AVATAR_MAX_BYTES } from '@/components/AvatarUpload';
import TeamsPage from './TeamsPage';

const me = buildProfile({ userId: '11111111-0000-4000-8000-000000000001', userName: 'alice' });
const alice = buildTeamMember({ id: me.userId, userName: 'alice' });
const bob = buildTeamMember({ userName: 'bob' });
const code = 'Red:4:0123456789abcdef0123456789abcdef';

const team = (captain: 'alice' | 'bob', overrides: Partial<TeamInfo> = {}) =>
  buildTeam({
    id: 4,
    name: 'Red',
    bio: 'Old bio',
    members: [
      { ...alice, captain: captain === 'alice' },
      { ...bob, captain: captain === 'bob' },
    ],
    ...overrides,
  });

async function renderTeam(captain: 'alice' | 'bob', overrides: Partial<TeamInfo> = {}) {
  fakeApi.on('GET', '/api/team', 200, [team(captain, overrides)]);
  renderWithProviders(<TeamsPage />, { route: '/teams' });
  // the first render of a file loads MUI and the page: slow on a busy machine
  await screen.findByRole('heading', { name: 'Red' });
  return within(screen.getByRole('article', { name: 'Red' }));
}

const confirmIn = async (dialogName: string, button: string) => {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
};

describe('TeamCard as captain', () => {
  beforeEach(() => startSignedIn(me));

  it('edits the name and bio; an emptied bio is cleared', async () => {
    fakeApi.on('PUT', '/api/team/4', 200, team('alice', { name: 'Crimson', bio: null }));
    const red = await renderTeam('alice');
    fireEvent.click(red.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit Red' });
    expect(screen.getByDisplayValue('Old bio')).toBeTruthy();
    fill('Team name', 'Crimson');
    fill('Bio', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The team was saved')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/api/team/4')[0].body).toEqual({ name: 'Crimson', bio: '' });
    expect(await screen.findByRole('heading', { name: 'Crimson' })).toBeTruthy();
  });

  it('uploads a new avatar and refuses files that are too big', async () => {
    fakeApi.on('PUT', '/api/team/4/avatar', 200, '/assets/abc/avatar');
    const red = await renderTeam('alice');
    fireEvent.click(red.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Red' });
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('This image is larger than 3 MB')).toBeTruthy();
    const image = new File([new Uint8Array([1, 2, 3])], 'red.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [image] } });
    expect(await screen.findByText('The team avatar was updated')).toBeTruthy();
    const requests = fakeApi.requests('PUT', '/api/team/4/avatar');
    expect(requests).toHaveLength(1);
    expect(((requests[0].body as FormData).get('file') as Blob).size).toBe(3);
    await waitFor(() =>
      expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/assets/abc/avatar'),
    );
  });

  it('shows the invite code and link, copies them and makes a new code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi.on('GET', '/api/team/4/invite', 200, code);
    const renewed = 'Red:4:ffffffffffffffffffffffffffffffff';
    fakeApi.on('PUT', '/api/team/4/invite', 200, renewed);
    const red = await renderTeam('alice');
    fireEvent.click(red.getByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite players to Red' }));
    expect(await dialog.findByDisplayValue(code)).toBeTruthy();
    const link = `${window.location.origin}/teams?invite=${encodeURIComponent(code)}`;
    expect(dialog.getByDisplayValue(link)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy the invite link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    fireEvent.click(dialog.getByRole('button', { name: 'New code' }));
    expect(await dialog.findByDisplayValue(renewed)).toBeTruthy();
    expect(screen.getByText(/A new invite code was made/)).toBeTruthy();
  });

  it('removes a member after a confirmation', async () => {
    fakeApi.on(
      'POST',
      `/api/team/4/kick/${bob.id}`,
      200,
      team('alice', { members: [{ ...alice, captain: true }] }),
    );
    const red = await renderTeam('alice');
    fireEvent.click(red.getByRole('button', { name: 'Remove bob' }));
    await confirmIn('Remove bob from Red?', 'Remove');
    expect(await screen.findByText('bob was removed from the team')).toBeTruthy();
    expect(fakeApi.requests('POST', `/api/team/4/kick/${bob.id}`)).toHaveLength(1);
    await waitFor(() => expect(red.queryByText('bob')).toBeNull());
  });

  it('hands the captaincy to a member, then manages the team no more', async () => {
    fakeApi.on('PUT', '/api/team/4/transfer', 200, team('bob'));
    const red = await renderTeam('alice');
    expect(red.queryByRole('button', { name: 'Leave' })).toBeNull();
    fireEvent.click(red.getByRole('button', { name: 'Make bob captain' }));
    await confirmIn('Make bob the captain of Red?', 'Make captain');
    expect(await screen.findByText('bob is now the captain')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/api/team/4/transfer')[0].body).toEqual({
      newCaptainId: bob.id,
    });
    // (the page is hidden from the accessibility tree until the dialog has faded out)
    await waitFor(() => expect(red.getByRole('button', { name: 'Leave' })).toBeTruthy());
    expect(red.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('deletes the team after a confirmation, or says why it cannot', async () => {
    fakeApi.on('DELETE', '/api/team/4', 400, problem(400, 'The team is playing a game'));
    const red = await renderTeam('alice');
    fireEvent.click(red.getByRole('button', { name: 'Delete' }));
    await confirmIn('Delete Red?', 'Delete');
    expect(await screen.findByText('The team is playing a game')).toBeTruthy();

    fakeApi.on('DELETE', '/api/team/4', 200);
    await confirmIn('Delete Red?', 'Delete');
    expect(await screen.findByText('Team Red was deleted')).toBeTruthy();
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
  });
});

describe('TeamCard of a locked team', () => {
  beforeEach(() => startSignedIn(me));
  const disabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

  it('lets the captain edit and hand over, but not remove members or delete', async () => {
    const red = await renderTeam('alice', { locked: true });
    expect(red.getByText('Locked')).toBeTruthy();
    expect(disabled(red.getByRole('button', { name: 'Delete' }))).toBe(true);
    expect(disabled(red.getByRole('button', { name: 'Remove bob' }))).toBe(true);
    expect(disabled(red.getByRole('button', { name: 'Edit' }))).toBe(false);
    expect(disabled(red.getByRole('button', { name: 'Make bob captain' }))).toBe(false);
  });

  it('says why as text, and offers no invitation nobody could use', async () => {
    const red = await renderTeam('alice', { locked: true });
    expect(red.getByText(/while that game runs, nobody can join, leave/)).toBeTruthy();
    expect(disabled(red.getByRole('button', { name: 'Invite' }))).toBe(true);
  });

  it('explains the disabled Invite in a tooltip', async () => {
    const red = await renderTeam('alice', { locked: true });
    // a disabled button takes no hover: the wrapper around it does (issue 23)
    fireEvent.mouseOver(red.getByRole('button', { name: 'Invite' }).parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'The team is locked while it plays a game: nobody can join until that game ends.',
    );
  });

  it('does not let a member leave', async () => {
    const red = await renderTeam('bob', { locked: true });
    expect(disabled(red.getByRole('button', { name: 'Leave' }))).toBe(true);
  });
});

describe('TeamCard as member', () => {
  beforeEach(() => startSignedIn(me));

  it('offers no captain actions', async () => {
    const red = await renderTeam('bob');
    expect(red.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(red.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(red.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(red.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('leaves the team after a confirmation', async () => {
    fakeApi.on('POST', '/api/team/4/leave', 200);
    const red = await renderTeam('bob');
    fireEvent.click(red.getByRole('button', { name: 'Leave' }));
    await confirmIn('Leave Red?', 'Leave');
    expect(await screen.findByText('You left Red')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/team/4/leave')).toHaveLength(1);
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
  });
});
