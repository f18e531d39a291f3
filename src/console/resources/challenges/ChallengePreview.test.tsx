import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import type { ChallengeDetail } from '@/api/types';
import { ChallengeEdit } from './ChallengeEdit';

const path = '/api/edit/games/3/challenges/5';
async function openPreview(challenge: ChallengeDetail) {
  fakeApi.on('GET', path, 200, challenge);
  renderConsole(<ChallengeEdit />, {
    route: '/games/3/challenges/5',
    path: ChallengeEdit.path,
  });
  await screen.findByDisplayValue(challenge.title);
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('dialog', { name: 'As players see it' });
}

describe('ChallengePreview', () => {
  it('shows the challenge as players see it, with sanitised Markdown and hints', async () => {
    const dialog = await openPreview(
      buildChallenge({
        id: 5,
        title: 'Heap',
        category: 'Pwn',
        content: 'Get a **shell**<script>window.pwned = true</script>',
        hints: ['Look at free()'],
        acceptedCount: 10,
        attachment: {
          id: 1,
          type: 'Remote',
          url: 'https://files.example.com/heap.zip',
          fileSize: null,
        },
      }),
    );
    const view = within(dialog);
    expect(view.getByRole('heading', { name: 'Heap' })).toBeTruthy();
    expect(view.getByText('Pwn')).toBeTruthy();
    // S(10) with 1000, 0.25, 5
    expect(view.getByText('373 pts')).toBeTruthy();
    expect(view.getByText('shell').tagName).toBe('STRONG');
    expect(dialog.querySelector('script')).toBeNull();
    expect(view.getByText('Look at free()')).toBeTruthy();
    expect(view.getByRole('link', { name: 'heap.zip' }).getAttribute('href')).toBe(
      'https://files.example.com/heap.zip',
    );
    expect((view.getByLabelText('Flag') as HTMLInputElement).disabled).toBe(true);
    expect(view.queryByRole('button', { name: 'Start instance' })).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows the form: unsaved title, hints and scoring', async () => {
    fakeApi.on(
      'GET',
      path,
      200,
      buildChallenge({ id: 5, title: 'Heap', hints: ['Old hint'], acceptedCount: 10 }),
    );
    renderConsole(<ChallengeEdit />, { route: '/games/3/challenges/5', path: ChallengeEdit.path });
    await screen.findByDisplayValue('Heap');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Heap 2' } });
    fireEvent.change(screen.getByDisplayValue('Old hint'), { target: { value: 'New hint' } });
    fireEvent.change(screen.getByLabelText(/^Base score/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const view = within(await screen.findByRole('dialog'));
    expect(view.getByRole('heading', { name: 'Heap 2' })).toBeTruthy();
    expect(view.getByText('186 pts')).toBeTruthy();
    expect(view.getByText('No description')).toBeTruthy();
    expect(view.getByText('New hint')).toBeTruthy();
    expect(view.queryByText('Old hint')).toBeNull();
    expect(fakeApi.requests('PUT')).toHaveLength(0);
  });

  it('shows an unknown score while the scoring cannot make one', async () => {
    fakeApi.on('GET', path, 200, buildChallenge({ id: 5, title: 'Heap' }));
    renderConsole(<ChallengeEdit />, { route: '/games/3/challenges/5', path: ChallengeEdit.path });
    fireEvent.change(await screen.findByLabelText(/^Difficulty/), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(within(await screen.findByRole('dialog')).getByText('— pts')).toBeTruthy();
  });

  it('explains the per-team file of a dynamic attachment', async () => {
    const dialog = await openPreview(
      buildChallenge({ id: 5, type: 'DynamicAttachment', fileName: 'memory.dmp' }),
    );
    expect(
      within(dialog).getByText('Each team downloads its own file, named memory.dmp.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('says each per-team file keeps its uploaded name while the download name is the default', async () => {
    const dialog = await openPreview(
      buildChallenge({ id: 5, type: 'DynamicAttachment', fileName: 'attachment' }),
    );
    expect(
      within(dialog).getByText(
        'Each team downloads its own file, under the name it was uploaded with.',
      ),
    ).toBeTruthy();
  });

  it('shows the instance panel of a container challenge, disabled', async () => {
    const dialog = await openPreview(buildChallenge({ id: 5, type: 'DynamicContainer' }));
    const start = within(dialog).getByRole('button', { name: 'Start instance' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText(/the preview cannot start one/)).toBeTruthy();
  });
});
