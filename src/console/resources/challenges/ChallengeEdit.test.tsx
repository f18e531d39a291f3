import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ChallengeCreate } from './ChallengeCreate';
import { ChallengeEdit } from './ChallengeEdit';

const challenge = buildChallenge({
  id: 5,
  title: 'Stack',
  category: 'Pwn',
  type: 'StaticContainer',
  hints: ['Look at the stack'],
  containerImage: 'ctf/stack:1',
  acceptedCount: 3,
});
const path = '/api/edit/games/3/challenges/5';

const renderEdit = (route = '/games/3/challenges/5') =>
  renderConsole(<ChallengeEdit />, { route, path: ChallengeEdit.path });

describe('ChallengeEdit', () => {
  beforeEach(() => {
    fakeApi.on('GET', path, 200, challenge);
  });

  it('shows every setting with the score curve, and saves the changed fields only', async () => {
    fakeApi.on('PUT', path, 200, { ...challenge, originalScore: 500, hints: [] });
    const { container } = renderEdit();
    expect(await screen.findByDisplayValue('Stack')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Challenges' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByDisplayValue('Look at the stack')).toBeTruthy();
    expect(screen.getByDisplayValue('ctf/stack:1')).toBeTruthy();
    expect(screen.getByText('Static container')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /from 1000 down to 250; 373 after 10 solves/ }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Base score/), { target: { value: '500' } });
    expect(
      screen.getByRole('img', { name: /from 500 down to 125; 186 after 10 solves/ }),
    ).toBeTruthy();
    fireEvent.click(container.querySelector('.button-remove') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
    expect(fakeApi.requests('PUT', path)[0].body).toEqual({ originalScore: 500, hints: [] });
    expect(screen.getByRole('link', { name: 'Flags' }).getAttribute('href')).toBe(
      '/games/3/challenges/5/flags',
    );
    // the whole form in jsdom: over 20 s on a loaded 2-core machine (not a speed assertion)
  }, 60_000);

  it('says when the curve cannot be drawn', async () => {
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^Difficulty/), { target: { value: '0' } });
    expect(screen.getByText(/to see the score curve/)).toBeTruthy();
  });

  it('sets a remote attachment apart from the form', async () => {
    fakeApi.on('POST', `${path}/attachment`, 200);
    renderEdit();
    await screen.findByDisplayValue('Stack');
    expect(screen.getByText('No attachment')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Remote URL'));
    fireEvent.change(screen.getByLabelText('URL'), {
      target: { value: 'https://files.example.com/stack.zip' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The attachment was updated')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/attachment`)[0].body).toEqual({
      attachmentType: 'Remote',
      remoteUrl: 'https://files.example.com/stack.zip',
    });
  });

  it('uploads a file, then links it by its hash', async () => {
    const hash = 'c'.repeat(64);
    fakeApi.on('POST', '/api/assets', 200, [{ hash, name: 'stack.zip' }]);
    fakeApi.on('POST', `${path}/attachment`, 200);
    const { container } = renderEdit();
    await screen.findByDisplayValue('Stack');
    fireEvent.click(screen.getByLabelText('Upload a file'));
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['zip'], 'stack.zip')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The attachment was updated')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/attachment`)[0].body).toMatchObject({
      attachmentType: 'Local',
      fileHash: hash,
    });
  });

  it('names an uploaded attachment by its file, a remote one by its URL', async () => {
    const url = `/assets/${'d'.repeat(64)}/stack%20v2.zip`;
    fakeApi.on('GET', path, 200, {
      ...challenge,
      attachment: { id: 1, type: 'Local', url, fileSize: 2048 },
    });
    const { unmount } = renderEdit();
    const link = await screen.findByRole('link', { name: 'stack v2.zip' });
    expect(link.getAttribute('href')).toBe(url);
    unmount();

    const remote = 'https://files.example.com/stack.zip';
    fakeApi.on('GET', path, 200, {
      ...challenge,
      attachment: { id: 1, type: 'Remote', url: remote, fileSize: null },
    });
    renderEdit();
    expect(await screen.findByRole('link', { name: remote })).toBeTruthy();
  });

  it('says a static container gets no FLAG variable, and warns while it has no flag', async () => {
    fakeApi.on('PUT', path, 400, problem(400, 'The challenge has no flag and cannot be enabled'));
    renderEdit();
    await screen.findByDisplayValue('Stack');
    expect(screen.getByText(/only dynamic containers receive theirs in the FLAG/)).toBeTruthy();
    expect(screen.getByText(/it receives no FLAG variable/)).toBeTruthy();
    expect(screen.getByText(/has no flag yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a flag' }).getAttribute('href')).toBe(
      '/games/3/challenges/5/flags',
    );
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/cannot be enabled without a flag: add one/)).toBeTruthy();
  });

  it('explains that a container challenge cannot be enabled without an image', async () => {
    fakeApi.on('GET', path, 200, { ...challenge, type: 'DynamicContainer', containerImage: '' });
    fakeApi.on(
      'PUT',
      path,
      400,
      problem(400, 'The challenge has no container image and cannot be enabled'),
    );
    renderEdit();
    await screen.findByDisplayValue('Stack');
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This container challenge cannot be enabled without a container image: set one under Container first.',
      ),
    ).toBeTruthy();
  }, 60_000);

  it('tells a dynamic container that each team gets its flag in FLAG, without warnings', async () => {
    fakeApi.on('GET', path, 200, { ...challenge, type: 'DynamicContainer' });
    renderEdit();
    await screen.findByDisplayValue('Stack');
    expect(screen.getByText(/receives its own flag in the FLAG/)).toBeTruthy();
    expect(screen.queryByText(/has no flag yet/)).toBeNull();
  });

  describe('unsaved changes', () => {
    // The browser's confirmation dialog: the test answers it (jsdom has none).
    const confirm = vi.spyOn(window, 'confirm');
    afterEach(() => confirm.mockReset());
    const location = () => screen.queryByTestId('location')?.textContent ?? null;

    it('asks before following "Add a flag" with unsaved changes, and stays if told to', async () => {
      renderEdit();
      fireEvent.change(await screen.findByDisplayValue('Stack'), { target: { value: 'Heap' } });
      confirm.mockReturnValueOnce(false);
      fireEvent.click(screen.getByRole('link', { name: 'Add a flag' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      expect(confirm.mock.calls[0][0]).toMatch(/changes weren't saved/);
      expect(screen.getByDisplayValue('Heap')).toBeTruthy();
      expect(location()).toBeNull();

      confirm.mockReturnValueOnce(true);
      fireEvent.click(screen.getByRole('link', { name: 'Add a flag' }));
      await waitFor(() => expect(location()).toBe('/games/3/challenges/5/flags'));
    });

    it('leaves without asking when nothing changed', async () => {
      renderEdit();
      await screen.findByDisplayValue('Stack');
      fireEvent.click(screen.getByRole('link', { name: 'Challenges' }));
      await waitFor(() => expect(location()).toBe('/games/3/challenges'));
      expect(confirm).not.toHaveBeenCalled();
    });

    it('still asks after the server refused the save', async () => {
      fakeApi.on('PUT', path, 400, problem(400, 'The challenge has no flag and cannot be enabled'));
      renderEdit();
      await screen.findByDisplayValue('Stack');
      fireEvent.click(screen.getByLabelText(/^Enabled/));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(/cannot be enabled without a flag: add one/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
      confirm.mockReturnValueOnce(false);
      fireEvent.click(screen.getByRole('link', { name: 'Add a flag' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      expect(location()).toBeNull();
    });

    it('disables SAVE after a successful save until the next change, and leaves freely', async () => {
      fakeApi.on('PUT', path, 200, { ...challenge, originalScore: 500 });
      renderEdit();
      const save = () => screen.getByRole('button', { name: 'Save' });
      await screen.findByDisplayValue('Stack');
      expect(save()).toHaveProperty('disabled', true);
      fireEvent.change(screen.getByLabelText(/^Base score/), { target: { value: '500' } });
      expect(save()).toHaveProperty('disabled', false);
      fireEvent.click(save());
      await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
      await waitFor(() => expect(save()).toHaveProperty('disabled', true));
      expect(screen.getByDisplayValue('500')).toBeTruthy();

      fireEvent.change(screen.getByLabelText(/^Base score/), { target: { value: '600' } });
      expect(save()).toHaveProperty('disabled', false);
      fireEvent.change(screen.getByLabelText(/^Base score/), { target: { value: '500' } });
      await waitFor(() => expect(save()).toHaveProperty('disabled', true));
      fireEvent.click(screen.getByRole('link', { name: 'Add a flag' }));
      await waitFor(() => expect(location()).toBe('/games/3/challenges/5/flags'));
      expect(confirm).not.toHaveBeenCalled();
    });
  });

  it("goes back to the game's challenges when the challenge does not exist", async () => {
    fakeApi.on('GET', path, 404, problem(404, 'The challenge was not found'));
    renderEdit();
    expect(await screen.findByText('Element does not exist')).toBeTruthy();
    // react-admin notifies, then redirects in a later render
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/games/3/challenges'),
    );
  });
});

describe('ChallengeCreate', () => {
  it('creates with title, category and type, then opens the challenge', async () => {
    fakeApi.on('POST', '/api/edit/games/3/challenges', 200, { ...challenge, id: 9 });
    fakeApi.on('GET', '/api/edit/games/3/challenges/9', 200, { ...challenge, id: 9 });
    renderConsole(<ChallengeCreate />, {
      route: '/games/3/challenges/create',
      path: ChallengeCreate.path,
    });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Heap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('POST')).toHaveLength(1));
    expect(fakeApi.requests('POST')[0].body).toEqual({
      title: 'Heap',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/games/3/challenges/9');
  });
});
