import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { NotificationProvider } from '@/lib/notifications';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame } from '@/test/builders';
import { captureDownloads } from '@/test/downloads';
import { envelope, renderConsole } from '@/test/renderConsole';
import { GameEdit } from './GameEdit';
import { GameList } from './GameList';

const game = buildGame({ title: 'Spring CTF' });

describe('game archives in the console', () => {
  const saved = captureDownloads();

  it("exports the game from its Info page under the server's file name", async () => {
    fakeApi.on('GET', `/api/edit/games/${game.id}`, 200, game);
    fakeApi.on('GET', `/api/edit/games/${game.id}/export`, async () => ({
      status: 200,
      body: 'zip',
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': 'attachment; filename="Spring CTF-20270115-10.00.00Z.zip"',
      },
    }));
    renderConsole(
      <NotificationProvider>
        <GameEdit />
      </NotificationProvider>,
      { route: `/games/${game.id}`, path: '/games/:id', resource: 'games' },
    );
    await screen.findByDisplayValue('Spring CTF');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['Spring CTF-20270115-10.00.00Z.zip']));
  });

  const renderList = () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([game]));
    return renderConsole(<GameList />, { route: '/games', path: '/games', resource: 'games' });
  };
  const choose = (file: File) =>
    fireEvent.change(screen.getByTestId('import-game-file'), { target: { files: [file] } });

  it('imports an archive as a new game and opens it', async () => {
    const imported = buildGame({ id: 42, title: 'Imported Cup', hidden: true });
    fakeApi.on('POST', '/api/edit/games/import', 200, imported);
    renderList();
    await screen.findByText('Spring CTF');
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
    choose(new File(['PK'], 'cup.zip', { type: 'application/zip' }));
    expect(
      await screen.findByText(
        'The game “Imported Cup” was imported; it stays hidden until you make it visible',
      ),
    ).toBeTruthy();
    const [request] = fakeApi.requests('POST', '/api/edit/games/import');
    expect(((request.body as FormData).get('file') as Blob).size).toBe(2);
    // the navigation commits in its own render, after the toast's: wait for it
    expect((await screen.findByTestId('location')).textContent).toBe('/games/42/info');
  });

  it("says why an archive was refused, in the server's words", async () => {
    fakeApi.on(
      'POST',
      '/api/edit/games/import',
      400,
      problem(400, 'The file is not a zip archive'),
    );
    renderList();
    await screen.findByText('Spring CTF');
    choose(new File(['nope'], 'notes.txt'));
    expect(await screen.findByText('The file is not a zip archive')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
