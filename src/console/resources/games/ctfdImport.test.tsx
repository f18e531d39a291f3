import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CtfdImportResult } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame } from '@/test/builders';
import { envelope, renderConsole } from '@/test/renderConsole';
import { GameList } from './GameList';

const existing = buildGame({ title: 'Spring CTF' });
const imported = buildGame({ id: 42, title: 'Harbour CTF 2026 (imported)', hidden: true });

const result: CtfdImportResult = {
  game: imported,
  report: {
    ctfdVersion: '3.8.7',
    ctfName: 'Harbour CTF 2026',
    notes: [
      {
        code: 'TableNotImported',
        severity: 'Skipped',
        params: { tables: 'users (4), teams (3)' },
        message: 'Not imported: users (4), teams (3)',
      },
    ],
    challenges: [
      { ctfdId: 1, name: 'Welcome aboard', challengeId: 7, notes: [] },
      {
        ctfdId: 2,
        name: 'Decaying',
        challengeId: 8,
        notes: [
          {
            code: 'DynamicScoreApproximated',
            severity: 'Approximated',
            params: {
              function: 'logarithmic',
              initial: 500,
              minimum: 100,
              decay: 10,
              difficulty: 7.12,
              maxDifference: 108,
              atSolves: 5,
            },
            message: 'approximated',
          },
        ],
      },
      {
        ctfdId: 3,
        name: 'Quiz',
        challengeId: null,
        notes: [
          {
            code: 'ChallengeTypeNotSupported',
            severity: 'Skipped',
            params: { type: 'multiple_choice' },
            message: 'not imported',
          },
        ],
      },
    ],
  },
};

describe('importing a CTFd export in the console', () => {
  const renderList = () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([existing]));
    return renderConsole(<GameList />, { route: '/games', path: '/games', resource: 'games' });
  };
  const choose = (file: File) =>
    fireEvent.change(screen.getByTestId('import-ctfd-file'), { target: { files: [file] } });

  it('uploads the export and shows the report, each note in words, with links to the new challenges', async () => {
    fakeApi.on('POST', '/api/edit/games/import/ctfd', 200, result);
    renderList();
    await screen.findByText('Spring CTF');
    fireEvent.click(screen.getByRole('button', { name: 'Import from CTFd' }));
    choose(new File(['PK'], 'ctfd.zip', { type: 'application/zip' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Imported from CTFd: Harbour CTF 2026 (imported)'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(/CTFd 3\.8\.7 export: 2 challenges imported, 1 left out\./),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "CTFd's logarithmic decay (initial 500, minimum 100, decay 10) follows another curve than Vexil's: imported with difficulty 7.12; the values differ by at most 108 points (at 5 solves).",
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "CTFd's “multiple_choice” challenges have no Vexil counterpart: not imported.",
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Not imported, since an import brings a game's content, not its event: users (4), teams (3).",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Decaying' }).getAttribute('href')).toBe(
      '/games/42/challenges/8',
    );
    expect(within(dialog).queryByRole('link', { name: 'Quiz' })).toBeNull();
    const [request] = fakeApi.requests('POST', '/api/edit/games/import/ctfd');
    expect(((request.body as FormData).get('file') as Blob).size).toBe(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the game' }));
    expect(screen.getByTestId('location').textContent).toBe('/games/42/info');
  });

  it('offers both imports on a platform without games yet', async () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([]));
    renderConsole(<GameList />, { route: '/games', path: '/games', resource: 'games' });
    expect(await screen.findByRole('button', { name: 'Import from CTFd' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
    expect(screen.getByTestId('import-ctfd-file')).toBeTruthy();
  });

  it("says why an export was refused, in the server's words", async () => {
    fakeApi.on(
      'POST',
      '/api/edit/games/import/ctfd',
      400,
      problem(400, 'This is not a CTFd export: it has no db/challenges.json'),
    );
    renderList();
    await screen.findByText('Spring CTF');
    choose(new File(['PK'], 'other.zip'));
    expect(
      await screen.findByText('This is not a CTFd export: it has no db/challenges.json'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
