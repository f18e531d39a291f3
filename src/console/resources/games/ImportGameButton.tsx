/**
 * Makes a new game from a zip archive (`POST /api/edit/games/import`) and opens it. The new game
 * is hidden until the organiser shows it; a refused archive says why (the server's title).
 */
import UploadIcon from '@mui/icons-material/Upload';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { consolePaths, useAdminPath } from '@/console/paths';
import { ZipUploadButton } from './ZipUploadButton';

export function ImportGameButton() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const queryClient = useQueryClient();
  return (
    <ZipUploadButton
      label="resources.games.archive.import"
      icon={<UploadIcon />}
      testId="import-game-file"
      upload={(file) => dataProvider.importGame(file)}
      onUploaded={(game) => {
        void queryClient.invalidateQueries({ queryKey: ['games'] });
        notify('resources.games.archive.imported', {
          type: 'success',
          messageArgs: { title: game.title },
        });
        navigate(adminPath(consolePaths.gameInfo(game.id)));
      }}
    />
  );
}
