/**
 * "CTFtime feed" on a game's Info page: downloads the standings in the JSON format CTFtime imports
 * (`GET /api/game/{id}/scoreboard/ctftime`, a Vexil addition), the same file CTFtime can read from
 * that address itself. An organiser gets the live standings even while the board is frozen.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useTranslate, type Identifier } from 'react-admin';
import { useDownload } from '@/lib/download';

export const ctftimeFeedPath = (gameId: Identifier) => `/api/game/${gameId}/scoreboard/ctftime`;

export function CtftimeFeedButton({ gameId }: { gameId: Identifier }) {
  const { download, busy } = useDownload();
  const translate = useTranslate();
  return (
    <Button
      label="resources.games.ctftime.download"
      title={translate('resources.games.ctftime.help')}
      disabled={busy}
      // a name, spelled as its owners do ("CTFtime", not "CTFTIME") in every language
      sx={{ textTransform: 'none' }}
      onClick={() => void download(ctftimeFeedPath(gameId), `ctftime-${gameId}.json`)}
    >
      <DownloadIcon />
    </Button>
  );
}
