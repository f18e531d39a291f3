/**
 * Makes a new game from a CTFd export (`POST /api/edit/games/import/ctfd`) and shows the report
 * of what was brought over and what did not map, with links to the new challenges. The game is
 * hidden until the organiser shows it; a refused export says why (the server's title).
 */
import { useState } from 'react';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CtfdImportResult } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { CtfdImportReportDialog } from './CtfdImportReportDialog';
import { ZipUploadButton } from './ZipUploadButton';

export function ImportCtfdButton() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CtfdImportResult | null>(null);
  return (
    <>
      <ZipUploadButton
        label="resources.games.ctfd.import"
        icon={<MoveUpIcon />}
        testId="import-ctfd-file"
        upload={(file) => dataProvider.importCtfdGame(file)}
        onUploaded={(answer) => {
          void queryClient.invalidateQueries({ queryKey: ['games'] });
          setResult(answer);
        }}
      />
      {result && <CtfdImportReportDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
