/**
 * Adds flags in bulk: one per line (`POST …/challenges/{cId}/flags`, all or nothing).
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { maxLengthOf } from '@/api/validation';
import { flagLines } from '@/console/data/editLifecycle';
import type { ChallengeMeta } from '@/console/data/kit';

const FLAG_MAX = maxLengthOf('FlagCreateModel', 'flag') ?? Infinity;

export function FlagCreate({ meta }: { meta: ChallengeMeta }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [create, { isPending }] = useCreate();
  const flags = flagLines(text);
  const tooLong = flags.find(({ flag }) => flag.length > FLAG_MAX);

  const add = () =>
    create(
      'flags',
      { data: { flags: text }, meta },
      {
        onSuccess: () => {
          setText('');
          void queryClient.invalidateQueries({ queryKey: ['flags'] });
          void queryClient.invalidateQueries({ queryKey: ['challenges'] });
          notify('resources.flags.added', {
            type: 'success',
            messageArgs: { smart_count: flags.length },
          });
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <Card
      sx={{
        width: { xs: '100%', lg: 360 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('resources.flags.add_title')}
        </Typography>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          label={translate('resources.flags.add_label')}
          helperText={
            tooLong
              ? translate('validation.max_length', { max: FLAG_MAX })
              : translate('resources.flags.add_help')
          }
          error={!!tooLong}
          multiline
          minRows={5}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <MuiButton
          variant="contained"
          sx={{ mt: 2 }}
          disabled={flags.length === 0 || !!tooLong}
          loading={isPending}
          onClick={add}
        >
          {translate('resources.flags.add_button', { smart_count: flags.length })}
        </MuiButton>
      </CardContent>
    </Card>
  );
}
