/**
 * Downloads the game as a zip archive (`GET /api/edit/games/{id}/export`): its settings,
 * challenges, flags and files, to be imported on this or another Vexil server.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useRecordContext } from 'react-admin';
import type { Game } from '@/api/types';
import { gameFiles } from '@/console/data/gameRoutes';
import { useDownload } from '@/lib/download';

export function ExportGameButton() {
  const record = useRecordContext<Game>();
  const { download, busy } = useDownload();
  if (!record) return null;
  return (
    <Button
      label="resources.games.archive.export"
      disabled={busy}
      onClick={() => void download(gameFiles.archive(record.id), `game-${record.id}.zip`)}
    >
      <DownloadIcon />
    </Button>
  );
}
