/** The game's challenges that record traffic; choosing one lists its teams. */
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useCaptureChallenges } from '@/hooks/monitor';
import { TrafficPanel } from './TrafficPanel';

export interface CaptureChallengesProps {
  gameId: number;
  selected: number | undefined;
  onSelect: (challengeId: number) => void;
}

export function CaptureChallenges({ gameId, selected, onSelect }: CaptureChallengesProps) {
  const { t } = useTranslation();
  const query = useCaptureChallenges(gameId, true);
  const challenges = query.data;
  return (
    <TrafficPanel
      id="capture-challenges"
      title={t('monitor.traffic.challenges')}
      loading={query.isPending}
      error={query.error}
      errorTitle={t('monitor.traffic.challenges_failed')}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      empty={challenges?.length === 0 ? t('monitor.traffic.no_challenges') : undefined}
    >
      <List dense disablePadding aria-labelledby="capture-challenges">
        {challenges?.map((challenge) => (
          <ListItemButton
            key={challenge.id}
            selected={challenge.id === selected}
            aria-current={challenge.id === selected ? 'true' : undefined}
            onClick={() => onSelect(challenge.id)}
          >
            <ListItemText
              primary={challenge.title}
              secondary={
                <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t('monitor.traffic.team_count', { count: challenge.count })}</span>
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    label={t(`resources.challenges.categories.${challenge.category}`)}
                  />
                  {!challenge.isEnabled && (
                    <Chip component="span" size="small" label={t('monitor.traffic.disabled')} />
                  )}
                </Stack>
              }
            />
          </ListItemButton>
        ))}
      </List>
    </TrafficPanel>
  );
}
