/**
 * A challenge on the board: title, current score, number of solving teams, and whether the team
 * solved it (with the blood it took, if any). Opens the challenge dialog.
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { GameChallenge } from '@/api/types';
import { BloodIcon, type Blood } from '@/components/challenge/BloodIcon';
import type { TeamSolve } from './solves';

export interface ChallengeCardProps {
  challenge: GameChallenge;
  solve: TeamSolve | undefined;
  onOpen: (challengeId: number) => void;
}

function BloodMark({ blood }: { blood: Blood }) {
  const { t } = useTranslation();
  const label = t(`challenges.blood.${blood}`);
  return (
    <Tooltip title={label}>
      <BloodIcon blood={blood} titleAccess={label} />
    </Tooltip>
  );
}

export const ChallengeCard = memo(function ChallengeCard({
  challenge,
  solve,
  onOpen,
}: ChallengeCardProps) {
  const { t } = useTranslation();
  const solved = solve !== undefined;
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderColor: solved ? 'success.main' : undefined,
        bgcolor: (theme) => (solved ? alpha(theme.palette.success.main, 0.08) : undefined),
      }}
    >
      <CardActionArea
        onClick={() => onOpen(challenge.id)}
        // named by its content ("Cookie Jar First blood Solved 480 pts 3 solves"): a label would
        // hide the visible score and solves from speech input (WCAG 2.5.3)
        sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'stretch' }}
      >
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography
              variant="subtitle1"
              component="h3"
              sx={{ flex: 1, fontWeight: 600, wordBreak: 'break-word' }}
            >
              {challenge.title}
            </Typography>
            {solve?.blood && <BloodMark blood={solve.blood} />}
            {solved && (
              <CheckCircleIcon color="success" titleAccess={t('challenges.card.solved')} />
            )}
          </Stack>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="p" color="primary">
              {t('challenge.score', { score: challenge.score })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('challenges.card.solves', { count: challenge.solved })}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
});
