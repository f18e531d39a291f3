/**
 * The game's writeup settings, read from the game (required?, deadline, instructions), with the
 * way to the Info tab where they are changed.
 */
import { formatDateTime } from '@/lib/time/format';
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/Settings';
import { Link } from 'react-router-dom';
import { Button, useTranslate, type Identifier, useLocaleState } from 'react-admin';
import type { Game } from '@/api/types';
import { MarkdownPreview } from '@/console/inputs/MarkdownInput';
import { consolePaths, useAdminPath } from '@/console/paths';

function Setting({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </div>
  );
}

function Settings({ game }: { game: Game }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // the page's opening time is close enough to say whether uploads have closed
  const [openedAt] = useState(Date.now);
  const closed = game.writeupDeadline < openedAt;
  return (
    <Stack spacing={2}>
      <Setting label={translate('resources.games.fields.writeupRequired')}>
        <Chip
          size="small"
          color={game.writeupRequired ? 'success' : 'default'}
          label={translate(
            game.writeupRequired
              ? 'resources.writeups.required'
              : 'resources.writeups.not_required',
          )}
        />
      </Setting>
      <Setting label={translate('resources.games.fields.writeupDeadline')}>
        <Typography>
          {formatDateTime(game.writeupDeadline, locale)}
          {closed && ` (${translate('resources.writeups.closed')})`}
        </Typography>
      </Setting>
      <Setting label={translate('resources.games.fields.writeupNote')}>
        {game.writeupNote.trim() ? (
          <MarkdownPreview text={game.writeupNote} />
        ) : (
          <Typography color="text.secondary">{translate('resources.writeups.no_note')}</Typography>
        )}
      </Setting>
    </Stack>
  );
}

export function WriteupSettings({ gameId, game }: { gameId: Identifier; game: Game | undefined }) {
  const translate = useTranslate();
  const adminPath = useAdminPath();
  return (
    <Card
      component="section"
      aria-labelledby="writeup-settings-title"
      sx={{
        width: { xs: '100%', lg: 360 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
        flexShrink: 0,
      }}
    >
      <CardContent>
        <Typography id="writeup-settings-title" variant="h6" component="h2" gutterBottom>
          {translate('resources.writeups.settings')}
        </Typography>
        {game ? (
          <Settings game={game} />
        ) : (
          <Skeleton variant="rounded" height={120} aria-busy="true" />
        )}
        <Button
          component={Link}
          to={adminPath(consolePaths.gameInfo(gameId))}
          label="resources.writeups.change_settings"
          sx={{ mt: 2 }}
        >
          <SettingsIcon />
        </Button>
      </CardContent>
    </Card>
  );
}
