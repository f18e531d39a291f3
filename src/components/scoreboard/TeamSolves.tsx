/** A team's counted solves on its scoreboard card, in the order they were made. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GameChallenge, ScoreboardSolve } from '@/api/types';
import { formatDateTime } from '@/lib/time/format';
import { SolveIcon, solveKind } from '@/components/scoreboard/SolveMark';

export interface TeamSolvesProps {
  solves: readonly ScoreboardSolve[];
  challenges: ReadonlyMap<number, GameChallenge>;
}

export function TeamSolves({ solves, challenges }: TeamSolvesProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="section" spacing={0.5} aria-labelledby="scoreboard-team-solves">
      <Typography id="scoreboard-team-solves" variant="subtitle1" component="h3">
        {t('scoreboard.team.solves')}
      </Typography>
      {solves.length === 0 ? (
        <Typography color="text.secondary">{t('scoreboard.team.no_solves')}</Typography>
      ) : (
        <List dense disablePadding>
          {solves.map((solve) => {
            const challenge = challenges.get(solve.id);
            const kind = solveKind(solve.type);
            const details = [
              challenge && t(`resources.challenges.categories.${challenge.category}`),
              kind !== 'Normal' && t(`scoreboard.marks.${kind}`),
              solve.userName,
              formatDateTime(solve.time, i18n.language),
            ].filter(Boolean);
            return (
              <ListItem
                key={solve.id}
                disableGutters
                secondaryAction={
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {t('scoreboard.team.points', { count: solve.score })}
                  </Typography>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <SolveIcon kind={kind} />
                </ListItemIcon>
                <ListItemText
                  primary={challenge?.title ?? t('scoreboard.team.unknown_challenge')}
                  secondary={details.join(' · ')}
                  sx={{ pr: 8 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
