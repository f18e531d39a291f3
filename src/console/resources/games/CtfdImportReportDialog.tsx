/**
 * The report of a CTFd import: the new game, each CTFd challenge with a link to what it became
 * (or why it was left out), and what did not map exactly, in the console's language (each note's
 * code and params; the server's English message when a code is not known here).
 */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Button, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { CtfdImportNote, CtfdImportResult } from '@/api/types';
import { consolePaths, useAdminPath } from '@/console/paths';

const SEVERITY_COLOR = { Adapted: 'info', Approximated: 'warning', Skipped: 'error' } as const;

function NoteLine({ note }: { note: CtfdImportNote }) {
  const translate = useTranslate();
  const key = `resources.games.ctfd.notes.${note.code}`;
  const text = translate(key, { ...note.params, _: note.message });
  return (
    <Stack direction="row" spacing={1} alignItems="baseline" component="li">
      <Chip
        size="small"
        variant="outlined"
        color={SEVERITY_COLOR[note.severity]}
        label={translate(`resources.games.ctfd.severity.${note.severity}`)}
      />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

function Notes({ notes }: { notes: CtfdImportNote[] }) {
  if (notes.length === 0) return null;
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
      {notes.map((note, index) => (
        <NoteLine key={`${note.code}-${index}`} note={note} />
      ))}
    </Stack>
  );
}

export function CtfdImportReportDialog({
  result,
  onClose,
}: {
  result: CtfdImportResult;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { game, report } = result;
  const imported = report.challenges.filter((c) => c.challengeId !== null).length;
  const leftOut = report.challenges.length - imported;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle>
        {translate('resources.games.ctfd.report_title', { title: game.title })}
      </DialogTitle>
      <DialogContent dividers>
        <Alert severity={leftOut > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {translate('resources.games.ctfd.summary', {
            version: report.ctfdVersion ?? '?',
            imported,
            left_out: leftOut,
          })}{' '}
          {translate('resources.games.ctfd.hidden')}
        </Alert>
        <Notes notes={report.notes} />
        <List dense aria-label={translate('resources.games.ctfd.challenges')}>
          {report.challenges.map((challenge) => (
            <ListItem key={challenge.ctfdId} divider alignItems="flex-start">
              <ListItemText
                disableTypography
                primary={
                  challenge.challengeId === null ? (
                    <Typography variant="subtitle2" color="text.secondary">
                      {challenge.name} — {translate('resources.games.ctfd.not_imported')}
                    </Typography>
                  ) : (
                    <Typography
                      variant="subtitle2"
                      component={Link}
                      to={adminPath(consolePaths.challenge(game.id, challenge.challengeId))}
                    >
                      {challenge.name}
                    </Typography>
                  )
                }
                secondary={
                  challenge.notes.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {translate('resources.games.ctfd.exact')}
                    </Typography>
                  ) : (
                    <Notes notes={challenge.notes} />
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
        <Button
          variant="contained"
          label="resources.games.ctfd.open_game"
          onClick={() => {
            onClose();
            navigate(adminPath(consolePaths.gameInfo(game.id)));
          }}
        />
      </DialogActions>
    </Dialog>
  );
}
