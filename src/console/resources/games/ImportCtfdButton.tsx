/**
 * Makes a new game from a CTFd export (`POST /api/edit/games/import/ctfd`) and shows the report
 * of what was brought over and what did not map, with links to the new challenges. The game is
 * hidden until the organiser shows it; a refused export says why (the server's title).
 */
import { useRef, useState } from 'react';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify } from 'react-admin';
import type { CtfdImportResult } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { CtfdImportReportDialog } from './CtfdImportReportDialog';

export function ImportCtfdButton() {
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CtfdImportResult | null>(null);
  const importing = useMutation({
    mutationFn: (file: File) => dataProvider.importCtfdGame(file),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['games'] });
      setResult(answer);
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
        data-testid="import-ctfd-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) importing.mutate(file);
        }}
      />
      <Button
        label="resources.games.ctfd.import"
        disabled={importing.isPending}
        onClick={() => input.current?.click()}
      >
        <MoveUpIcon />
      </Button>
      {result && <CtfdImportReportDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
