/**
 * "How webhooks work": the help organisers need, inside the console (a hosted site has no docs/
 * folder to open): what each event means and which carries a blood, the scoreboard freeze, the
 * body formats, how to check the signature (with a short Node example) and the retries. A button
 * opens it in a dialog, full screen on a phone. docs/webhooks.md says the same at length.
 */
import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Button, useTranslate } from 'react-admin';

/** The events in the order the help explains them; the three bloods share one line. */
const EVENT_LINES = [
  ['FirstBlood', 'blood'],
  ['Solve', 'Solve'],
  ['Notice', 'Notice'],
  ['GameStart', 'GameStart'],
  ['GameEnd', 'GameEnd'],
  ['TeamRegistered', 'TeamRegistered'],
  ['Award', 'Award'],
  ['Test', 'Test'],
] as const;

const FORMATS = ['Discord', 'Slack', 'Json'] as const;

/** Code, the same in every language. */
export const SIGNATURE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received
function isFromVexil(headers, rawBody, secret) {
  const timestamp = headers['x-vexil-timestamp'];
  if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000) return false;
  const expected = Buffer.from('sha256=' +
    createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex'));
  const given = Buffer.from(String(headers['x-vexil-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

const EXAMPLE_JSON =
  '{"event": "Solve", "time": 1767225600000, "game": {"id": 12, "title": "…"}, …}';

const key = (name: string) => `resources.webhooks.help.${name}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const codeStyle = {
  fontFamily: 'monospace',
  fontSize: '0.8rem',
  bgcolor: 'action.hover',
  p: 1,
  borderRadius: 1,
  overflowX: 'auto',
  whiteSpace: 'pre',
  m: 0,
} as const;

export function WebhookHelpContent() {
  const translate = useTranslate();
  return (
    <>
      <Section title={translate(key('events_title'))}>
        <Box component="dl" sx={{ m: 0 }}>
          {EVENT_LINES.map(([event, line]) => (
            <Box key={event} sx={{ mb: 1 }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {line === 'blood'
                  ? ['FirstBlood', 'SecondBlood', 'ThirdBlood']
                      .map((blood) => translate(`resources.webhooks.events.${blood}`))
                      .join(' · ')
                  : translate(`resources.webhooks.events.${event}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {translate(key(`events.${line}`))}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={translate(key('freeze_title'))}>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {translate(key('freeze'))}
        </Typography>
        <Typography variant="body2">{translate(key('freeze_choice'))}</Typography>
      </Section>
      <Section title={translate(key('formats_title'))}>
        {FORMATS.map((format) => (
          <Typography key={format} variant="body2" sx={{ mb: 0.5 }}>
            <strong>{translate(`resources.webhooks.formats.${format}`)}</strong>
            {': '}
            {translate(key(`formats.${format}`))}
          </Typography>
        ))}
        {/* Wraps rather than scrolls: a scrolling box would need to be focusable. */}
        <Box
          component="pre"
          sx={{ ...codeStyle, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {EXAMPLE_JSON}
        </Box>
      </Section>
      <Section title={translate(key('signature_title'))}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(key('signature'))}
        </Typography>
        {/* Code keeps its lines and scrolls on a phone: focusable, so keys scroll it too. */}
        <Box
          component="pre"
          sx={codeStyle}
          role="region"
          tabIndex={0}
          aria-label={translate(key('example'))}
        >
          {SIGNATURE_EXAMPLE}
        </Box>
      </Section>
      <Section title={translate(key('retries_title'))}>
        <Typography variant="body2">{translate(key('retries'))}</Typography>
      </Section>
    </>
  );
}

/** The button that opens the help, and its dialog. */
export function WebhookHelpButton() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button label={key('open')} onClick={() => setOpen(true)}>
        <HelpOutlineIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullScreen={phone}
        maxWidth="md"
        scroll="paper"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{translate(key('title'))}</DialogTitle>
        <DialogContent dividers>
          <WebhookHelpContent />
        </DialogContent>
        <DialogActions>
          <Button label={key('close')} onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
