/**
 * A team's awards on its scoreboard card (issue 25): the points organisers gave or took, each
 * with its reason and time, in time order. Nothing is shown for a team without one.
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslation } from 'react-i18next';
import type { ScoreboardAward } from '@/api/types';
import { formatDateTime } from '@/lib/time/format';

export interface TeamAwardsProps {
  awards: readonly ScoreboardAward[] | undefined;
}

export function TeamAwards({ awards }: TeamAwardsProps) {
  const { t, i18n } = useTranslation();
  if (!awards || awards.length === 0) return null;
  return (
    <Stack component="section" spacing={0.5} aria-labelledby="scoreboard-team-awards">
      <Typography id="scoreboard-team-awards" variant="subtitle1" component="h3">
        {t('awards.board.title')}
      </Typography>
      <List dense disablePadding>
        {awards.map((award) => (
          <ListItem
            key={award.id}
            disableGutters
            secondaryAction={
              <Typography
                sx={{
                  fontWeight: 600,
                  fontVariantNumeric: 'tabular-nums',
                  color: award.value < 0 ? 'error.main' : 'success.main',
                }}
              >
                {t(award.value < 0 ? 'awards.board.taken' : 'awards.board.given', {
                  count: Math.abs(award.value),
                })}
              </Typography>
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {award.value < 0 ? (
                <RemoveCircleOutlineIcon color="error" />
              ) : (
                <EmojiEventsIcon color="success" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={award.reason}
              secondary={formatDateTime(award.time, i18n.language)}
              sx={{ pr: 10, wordBreak: 'break-word' }}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
