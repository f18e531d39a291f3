/**
 * Adds flags to a dynamic-attachment challenge, each with its own file: a table of rows (flag +
 * upload or URL), "add a row", and "add files" making one row per picked file. Sending uploads
 * the files not yet uploaded (`POST /api/assets`, one at a time), then posts the whole batch
 * (`POST …/challenges/{cId}/flags`, all or nothing).
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import {
  addFiles,
  emptyPair,
  isValidPair,
  pairErrors,
  toFlagCreate,
  type FlagPair,
} from './flagPairs';
import { FlagPairRow } from './FlagPairRow';
import type { ChallengeMeta } from '@/console/data/kit';

/** The upload under way, 1-based. */
type Progress = { current: number; total: number };

export function FlagPairsCreate({ meta }: { meta: ChallengeMeta }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const filesInput = useRef<HTMLInputElement>(null);
  const [pairs, setPairs] = useState<FlagPair[]>(() => [emptyPair()]);
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<Progress>();

  const change = (key: number, changes: Partial<FlagPair>) =>
    setPairs((rows) => rows.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const save = useMutation({
    mutationFn: async (rows: FlagPair[]) => {
      const uploads = rows.filter((row) => row.source === 'Local' && !row.hash);
      const hashes = new Map<number, string>();
      for (const [index, row] of uploads.entries()) {
        setProgress({ current: index + 1, total: uploads.length });
        const { hash } = await dataProvider.uploadAsset(row.file!);
        hashes.set(row.key, hash);
        change(row.key, { hash });
      }
      setProgress(undefined);
      const flags = rows.map((row) =>
        toFlagCreate({ ...row, hash: hashes.get(row.key) ?? row.hash }),
      );
      await dataProvider.create('flags', { data: { flags }, meta });
      return flags.length;
    },
    onSuccess: (count) => {
      setPairs([emptyPair()]);
      setChecked(false);
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      void queryClient.invalidateQueries({ queryKey: ['challenges'] });
      notify('resources.flags.added', { type: 'success', messageArgs: { smart_count: count } });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setProgress(undefined),
  });

  const send = () => {
    setChecked(true);
    if (!pairs.every(isValidPair)) {
      notify('resources.flags.pairs.invalid', { type: 'warning' });
      return;
    }
    save.mutate(pairs);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate('resources.flags.pairs.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.flags.pairs.help')}
        </Typography>
        <Table size="small">
          <TableBody>
            {pairs.map((pair, index) => (
              <FlagPairRow
                key={pair.key}
                pair={pair}
                row={index + 1}
                errors={checked ? pairErrors(pair) : undefined}
                disabled={save.isPending}
                onChange={(changes) => change(pair.key, changes)}
                onRemove={() => setPairs((rows) => rows.filter((row) => row.key !== pair.key))}
              />
            ))}
          </TableBody>
        </Table>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          aria-label={translate('resources.flags.pairs.add_files')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length > 0) setPairs((rows) => addFiles(rows, files));
            event.target.value = '';
          }}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2, alignItems: 'center' }}
        >
          <MuiButton
            startIcon={<AddIcon />}
            disabled={save.isPending}
            onClick={() => setPairs((rows) => [...rows, emptyPair()])}
          >
            {translate('resources.flags.pairs.add_row')}
          </MuiButton>
          <MuiButton
            startIcon={<LibraryAddIcon />}
            disabled={save.isPending}
            title={translate('resources.flags.pairs.add_files_help')}
            onClick={() => filesInput.current?.click()}
          >
            {translate('resources.flags.pairs.add_files')}
          </MuiButton>
          <Box sx={{ flex: 1 }} />
          <MuiButton
            variant="contained"
            disabled={pairs.length === 0}
            loading={save.isPending}
            loadingPosition="start"
            onClick={send}
          >
            {progress
              ? translate('resources.flags.pairs.uploading', progress)
              : translate('resources.flags.add_button', { smart_count: pairs.length })}
          </MuiButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
