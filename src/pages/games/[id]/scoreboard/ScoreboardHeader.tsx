/**
 * The head of the scoreboard: the game, when the board was computed, whether it follows the game
 * live, the way back to the game, and for monitors the spreadsheet download.
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import SensorsIcon from '@mui/icons-material/Sensors';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import { useDownload } from '@/lib/download';
import { formatRelative } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import { playerPaths } from '@/lib/paths';

export interface ScoreboardHeaderProps {
  game: PublicGameDetail;
  /** When the shown board was computed; unknown while it loads. */
  updatedAt: number | undefined;
  live: boolean;
  canDownload: boolean;
}

function UpdatedAt({ time }: { time: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(15_000);
  return (
    <Typography variant="body2" color="text.secondary">
      {t('scoreboard.updated', { when: formatRelative(time, now, i18n.language) })}
    </Typography>
  );
}

export function ScoreboardHeader({ game, updatedAt, live, canDownload }: ScoreboardHeaderProps) {
  const { t } = useTranslation();
  const { download, busy } = useDownload();
  return (
    <Stack spacing={1.5}>
      <Button
        component={RouterLink}
        to={playerPaths.game(game.id)}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('scoreboard.back')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {game.title}
          </Typography>
          <Typography variant="h4" component="h1">
            {t('scoreboard.page')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {live && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<SensorsIcon />}
                label={t('scoreboard.live')}
                title={t('scoreboard.live_help')}
              />
            )}
            {updatedAt !== undefined && <UpdatedAt time={updatedAt} />}
          </Stack>
        </Stack>
        {canDownload && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy}
            loadingPosition="start"
            onClick={() =>
              void download(`/api/game/${game.id}/scoreboardsheet`, `${game.title}-Scoreboard.xlsx`)
            }
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
          >
            {t('scoreboard.download')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
