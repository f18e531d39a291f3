import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { models } from '@/api/formMeta.gen';
import { fakeApi, problem } from '@/test/apiMock';
import { buildTeam, buildTeamMember } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { TeamEdit } from './TeamEdit';

const alice = buildTeamMember({ userName: 'alice', captain: true, bio: 'pwn' });
const bob = buildTeamMember({ userName: 'bob' });
const team = buildTeam({ name: 'Red', bio: 'We hack at night', members: [bob, alice] });
const teamPath = `/api/admin/teams/${team.id}`;

const renderEdit = () =>
  renderConsole(<TeamEdit />, {
    route: `/teams/${team.id}`,
    path: '/teams/:id',
    resource: 'teams',
  });

describe('TeamEdit', () => {
  beforeEach(() => {
    fakeApi.on('GET', `/api/team/${team.id}`, 200, team);
  });

  it('shows the team and its members, captain first, each leading to the user', async () => {
    renderEdit();
    expect(await screen.findByDisplayValue('Red')).toBeTruthy();
    expect(screen.getByDisplayValue('We hack at night')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Locked' })).toHaveProperty('checked', false);
    const members = within(screen.getByRole('region', { name: 'Members (2)' }));
    const links = members.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/users/${alice.id}`,
      `/users/${bob.id}`,
    ]);
    expect(within(links[0]).getByRole('img', { name: 'Captain' })).toBeTruthy();
    expect(within(links[0]).getByText('pwn')).toBeTruthy();
    expect(within(links[1]).queryByRole('img', { name: 'Captain' })).toBeNull();
  });

  it('saves only the changed fields the API takes, an emptied bio as ""', async () => {
    fakeApi.on('PUT', teamPath, 200);
    renderEdit();
    fireEvent.change(await screen.findByDisplayValue('Red'), { target: { value: 'Crimson' } });
    fireEvent.change(screen.getByDisplayValue('We hack at night'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Locked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', teamPath)).toHaveLength(1));
    expect(fakeApi.requests('PUT', teamPath)[0].body).toEqual({
      name: 'Crimson',
      bio: '',
      locked: true,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/teams');
  });

  it('checks the name against the spec before sending anything', async () => {
    const max = models.AdminTeamModel.fields.name.maxLength;
    renderEdit();
    const name = await screen.findByDisplayValue('Red');
    fireEvent.change(name, { target: { value: 'x'.repeat(max + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`At most ${max} characters`)).toBeTruthy();
    fireEvent.change(name, { target: { value: '   ' } });
    expect(await screen.findByText('Must not be blank')).toBeTruthy();
    expect(fakeApi.requests('PUT')).toHaveLength(0);
  });

  it("stays on the page with the server's reason when saving fails", async () => {
    fakeApi.on('PUT', teamPath, 404, problem(404, 'The team was not found'));
    renderEdit();
    fireEvent.change(await screen.findByDisplayValue('Red'), { target: { value: 'Crimson' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The team was not found')).toBeTruthy();
    expect(screen.getByDisplayValue('Crimson')).toBeTruthy();
  });

  it('deletes the team after confirmation, then goes back to the list', async () => {
    fakeApi.on('DELETE', teamPath, 200);
    renderEdit();
    await screen.findByDisplayValue('Red');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete the team Red?')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/teams');
    expect(fakeApi.requests('DELETE', teamPath)).toHaveLength(1);
  });
});
