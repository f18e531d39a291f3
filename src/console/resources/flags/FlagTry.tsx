/**
 * "Try an answer": which of the challenge's flags would accept an answer, and why a pattern
 * cannot be used (`POST …/flags/try`, nothing recorded). With flags typed in the add box and not
 * added yet, the organiser may try those instead, with the mode chosen there.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { FlagTryResult } from '@/api/types';
import { maxLengthOf } from '@/api/validation';
import { challengeActions } from '@/console/data/challengeRoutes';
import { flagLines } from '@/console/data/editLifecycle';
import type { ChallengeMeta } from '@/console/data/kit';
import type { FlagDraft } from './FlagCreate';

const ANSWER_MAX = maxLengthOf('FlagTryModel', 'answer') ?? Infinity;

function Verdicts({ result }: { result: FlagTryResult }) {
  const translate = useTranslate();
  return (
    <>
      <Alert severity={result.accepted ? 'success' : 'warning'} sx={{ mt: 2 }} role="status">
        {translate(
          result.accepted
            ? 'resources.flags.matching.accepted'
            : 'resources.flags.matching.refused',
        )}
      </Alert>
      <List dense aria-label={translate('resources.flags.matching.verdicts')}>
        {result.flags.map((flag, index) => (
          <ListItem key={flag.id ?? `unsaved-${index}`} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {flag.problem ? (
                <ErrorIcon color="error" fontSize="small" />
              ) : flag.matches ? (
                <CheckCircleIcon color="success" fontSize="small" />
              ) : (
                <RemoveCircleOutlineIcon color="disabled" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={<code style={{ wordBreak: 'break-all' }}>{flag.flag}</code>}
              secondary={
                flag.problem
                  ? translate('resources.flags.matching.problem', { problem: flag.problem })
                  : `${translate(`resources.flags.matching.modes.${flag.matchMode}`)} · ${translate(
                      flag.matches
                        ? 'resources.flags.matching.matches'
                        : 'resources.flags.matching.no_match',
                    )}`
              }
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

export function FlagTry({ meta, draft }: { meta: ChallengeMeta; draft: FlagDraft }) {
  const translate = useTranslate();
  const [answer, setAnswer] = useState('');
  const [useDraft, setUseDraft] = useState(false);
  const unsaved = flagLines(draft.text).map(({ flag }) => ({ flag, matchMode: draft.matchMode }));
  const withDraft = useDraft && unsaved.length > 0;
  const trial = useMutation({
    mutationFn: () =>
      challengeActions.tryFlags(meta, meta.challengeId, {
        answer,
        ...(withDraft ? { flags: unsaved } : {}),
      }),
  });

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('resources.flags.matching.try_title')}
        </Typography>
        <TextField
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && answer.trim()) trial.mutate();
          }}
          label={translate('resources.flags.matching.answer')}
          helperText={translate('resources.flags.matching.try_help')}
          fullWidth
          slotProps={{
            htmlInput: {
              maxLength: ANSWER_MAX,
              spellCheck: false,
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={withDraft}
              disabled={unsaved.length === 0}
              onChange={(event) => setUseDraft(event.target.checked)}
            />
          }
          label={translate('resources.flags.matching.try_unsaved', {
            smart_count: unsaved.length,
          })}
        />
        <div>
          <MuiButton
            variant="outlined"
            sx={{ mt: 1 }}
            disabled={!answer.trim()}
            loading={trial.isPending}
            onClick={() => trial.mutate()}
          >
            {translate('resources.flags.matching.try_button')}
          </MuiButton>
        </div>
        {trial.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {trial.error.message}
          </Alert>
        )}
        {trial.data && !trial.isPending && <Verdicts result={trial.data} />}
      </CardContent>
    </Card>
  );
}
