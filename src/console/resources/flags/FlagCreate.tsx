/**
 * Adds flags in bulk: one per line (`POST …/challenges/{cId}/flags`, all or nothing), each with
 * the match mode chosen for the batch (Exact, case-insensitive or a regular expression). The
 * text and mode are held by the page (`FlagAside`), so "Try an answer" can try them unsaved.
 */
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { FlagMatchMode } from '@/api/types';
import { enumChoices, maxLengthOf } from '@/api/validation';
import { flagLines } from '@/console/data/editLifecycle';
import type { ChallengeMeta } from '@/console/data/kit';

const FLAG_MAX = maxLengthOf('FlagCreateModel', 'flag') ?? Infinity;
export const MATCH_MODES = enumChoices('FlagMatchMode');

/** The bulk box's text and match mode, held by the page. */
export interface FlagDraft {
  text: string;
  matchMode: FlagMatchMode;
}

export function FlagCreate({
  meta,
  draft,
  onDraft,
}: {
  meta: ChallengeMeta;
  draft: FlagDraft;
  onDraft: (draft: FlagDraft) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [create, { isPending }] = useCreate();
  const flags = flagLines(draft.text);
  const tooLong = flags.find(({ flag }) => flag.length > FLAG_MAX);

  const add = () =>
    create(
      'flags',
      { data: { flags: draft.text, matchMode: draft.matchMode }, meta },
      {
        onSuccess: () => {
          onDraft({ ...draft, text: '' });
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
    <Card>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('resources.flags.add_title')}
        </Typography>
        <TextField
          value={draft.text}
          onChange={(event) => onDraft({ ...draft, text: event.target.value })}
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
        <TextField
          select
          value={draft.matchMode}
          onChange={(event) =>
            onDraft({ ...draft, matchMode: event.target.value as FlagMatchMode })
          }
          label={translate('resources.flags.matching.mode')}
          helperText={translate(`resources.flags.matching.help.${draft.matchMode}`)}
          fullWidth
          sx={{ mt: 2 }}
        >
          {MATCH_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {translate(`resources.flags.matching.modes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
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
