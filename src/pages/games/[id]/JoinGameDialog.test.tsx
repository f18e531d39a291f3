import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGameDetail, buildTeam } from '@/test/builders';
import { startSignedIn } from '@/test/fixtures';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import type { PublicGameDetail } from '@/api/types';
import { gameKeys } from '@/hooks/games';
import { JoinGameDialog } from './JoinGameDialog';

const owls = buildTeam({ id: 11, name: 'Owls' });
const cats = buildTeam({ id: 12, name: 'Cats' });

function render(game: Partial<PublicGameDetail> = {}) {
  const onClose = vi.fn();
  const detail = buildGameDetail({ id: 7, title: 'Spring CTF', ...game });
  const result = renderWithProviders(<JoinGameDialog game={detail} onClose={onClose} />);
  return { ...result, onClose };
}

/** Opens a select by its label and picks an option. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('JoinGameDialog', () => {
  beforeEach(() => {
    startSignedIn();
    fakeApi.on('GET', '/api/team', 200, [owls, cats]);
    fakeApi.on('POST', '/api/game/7', 200);
  });

  it('lets a player without a team create one here, then join with it', async () => {
    fakeApi.on('GET', '/api/team', 200, []);
    fakeApi.on('POST', '/api/team', 200, owls);
    const { onClose } = render();
    expect(await screen.findByText(/You need a team to join a game/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create a team' }));
    const create = within(await screen.findByRole('dialog', { name: 'Create a team' }));
    fill('Team name', 'Owls');
    fireEvent.click(create.getByRole('button', { name: 'Create' }));
    // back in the join dialog, the new team chosen
    expect((await screen.findByRole('combobox', { name: /^Team/ })).textContent).toBe('Owls');
    await submit('Join');
    expect(await screen.findByText('You joined Spring CTF with Owls')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/game/7')[0].body).toMatchObject({ teamId: 11 });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a skeleton, then an error with retry when the teams cannot be read', async () => {
    const release = fakeApi.hold('GET', '/api/team', 500, problem(500, 'Teams are unavailable'));
    render();
    expect(screen.getByRole('dialog').querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByText('Teams are unavailable')).toBeTruthy();
    fakeApi.on('GET', '/api/team', 200, [owls]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: /^Team/ })).toBeTruthy();
  });

  it('joins with the only team, no division and no invite code', async () => {
    fakeApi.on('GET', '/api/team', 200, [owls]);
    const { onClose, queryClient } = render();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect((await screen.findByRole('combobox', { name: /^Team/ })).textContent).toBe('Owls');
    expect(screen.queryByLabelText(/^Invite code/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Division/ })).toBeNull();
    await submit('Join');
    expect(await screen.findByText('You joined Spring CTF with Owls')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/game/7')[0].body).toEqual({
      teamId: 11,
      inviteCode: null,
      division: null,
    });
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: gameKeys.detail(7) });
  });

  it('asks for the team, the division and the invite code when the game needs them', async () => {
    render({ inviteCodeRequired: true, divisions: ['Students', 'Open'] });
    await screen.findByRole('combobox', { name: /^Team/ });
    await submit('Join');
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(0);

    await choose('Team', 'Cats');
    await choose('Division', 'Open');
    fill('Invite code', 'let-me-in');
    await submit('Join');
    await waitFor(() => expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/api/game/7')[0].body).toEqual({
      teamId: 12,
      inviteCode: 'let-me-in',
      division: 'Open',
    });
  });

  it('keeps the dialog open with the server message when the join is refused', async () => {
    fakeApi.on('POST', '/api/game/7', 400, problem(400, 'Invalid game invitation code'));
    const { onClose } = render({ inviteCodeRequired: true });
    await screen.findByRole('combobox', { name: /^Team/ });
    await choose('Team', 'Owls');
    fill('Invite code', 'wrong');
    await submit('Join');
    expect(
      await within(screen.getByRole('dialog')).findByText('Invalid game invitation code'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on cancel without a request', async () => {
    const { onClose } = render();
    await screen.findByRole('combobox', { name: /^Team/ });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(0);
  });

  describe('in an individual game', () => {
    it('asks for no team and sends no teamId, without reading the teams', async () => {
      const { onClose } = render({ playMode: 'Individual' });
      expect(
        screen.getByText('You play Spring CTF alone, under your own name: no team is needed.'),
      ).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: /^Team/ })).toBeNull();
      await submit('Join');
      expect(await screen.findByText('You joined Spring CTF')).toBeTruthy();
      expect(fakeApi.requests('POST', '/api/game/7')[0].body).toEqual({
        inviteCode: null,
        division: null,
      });
      expect(fakeApi.requests('GET', '/api/team')).toHaveLength(0);
      expect(onClose).toHaveBeenCalled();
    });

    it('joins even when the player has no team at all (no "create a team" message)', async () => {
      fakeApi.on('GET', '/api/team', 200, []);
      render({ playMode: 'Individual' });
      expect(screen.queryByText(/You need a team to join a game/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Create a team' })).toBeNull();
      await submit('Join');
      await waitFor(() => expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(1));
    });

    it('still asks for the invite code and the division when the game has them', async () => {
      render({ playMode: 'Individual', inviteCodeRequired: true, divisions: ['Students', 'Open'] });
      await submit('Join');
      expect(screen.getAllByText('Required')).toHaveLength(2);
      expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(0);
      await choose('Division', 'Students');
      fill('Invite code', 'let-me-in');
      await submit('Join');
      await waitFor(() => expect(fakeApi.requests('POST', '/api/game/7')).toHaveLength(1));
      expect(fakeApi.requests('POST', '/api/game/7')[0].body).toEqual({
        inviteCode: 'let-me-in',
        division: 'Students',
      });
    });
  });

  it('never offers a personal entry as a team, should the server list one', async () => {
    fakeApi.on('GET', '/api/team', 200, [
      owls,
      buildTeam({ id: 13, name: 'alice', personal: true }),
    ]);
    render();
    // the only real team is chosen at once: the personal entry is not a choice
    expect((await screen.findByRole('combobox', { name: /^Team/ })).textContent).toBe('Owls');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Team/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Owls']);
  });
});
