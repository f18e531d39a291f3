/**
 * Makes a new game from a zip archive (`POST /api/edit/games/import`) and opens it. The new game
 * is hidden until the organiser shows it; a refused archive says why (the server's title).
 */
import { useRef } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { consolePaths, useAdminPath } from '@/console/paths';

export function ImportGameButton() {
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const queryClient = useQueryClient();
  const importing = useMutation({
    mutationFn: (file: File) => dataProvider.importGame(file),
    onSuccess: (game) => {
      void queryClient.invalidateQueries({ queryKey: ['games'] });
      notify('resources.games.archive.imported', {
        type: 'success',
        messageArgs: { title: game.title },
      });
      navigate(adminPath(consolePaths.gameInfo(game.id)));
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="import-game-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) importing.mutate(file);
        }}
      />
      <Button
        label="resources.games.archive.import"
        disabled={importing.isPending}
        onClick={() => input.current?.click()}
      >
        <UploadIcon />
      </Button>
    </>
  );
}
