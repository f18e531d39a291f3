/**
 * A team's card, opened from its name on the board: ranks, score, its members (read from the
 * team's public page), every counted solve with its challenge, solver, points and time, and its
 * awards (issue 25). Admins give the team an award from here.
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { Link as RouterLink } from 'react-router-dom';
import type { GameChallenge, ScoreboardRow } from '@/api/types';
import { playerPaths } from '@/lib/paths';
import { TeamMembers } from '@/components/scoreboard/TeamMembers';
import { TeamSolves } from '@/components/scoreboard/TeamSolves';
import { TeamAwards } from '@/components/scoreboard/TeamAwards';
import { TeamHintPrices } from '@/components/scoreboard/TeamHintPrices';
import { GiveAwardDialog } from './GiveAwardDialog';

export interface TeamDialogProps {
  open: boolean;
  /** The team shown; kept while the dialog closes, so its content does not vanish mid-fade. */
  row: ScoreboardRow | undefined;
  challenges: ReadonlyMap<number, GameChallenge>;
  challengeCount: number;
  onClose: () => void;
  /** The game, when the caller may give awards (an Admin): shows "Give award". */
  awardGameId?: number;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 72 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

function TeamStats({ row, challengeCount }: { row: ScoreboardRow; challengeCount: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Stat label={t('scoreboard.team.rank')} value={`#${row.rank}`} />
      {row.division && row.divisionRank !== null && (
        <Stat
          label={t('scoreboard.team.division_rank', { division: row.division })}
          value={`#${row.divisionRank}`}
        />
      )}
      <Stat label={t('scoreboard.team.score')} value={String(row.score)} />
      <Stat
        label={t('scoreboard.team.solved')}
        value={t('scoreboard.team.solved_of', { count: row.solvedCount, total: challengeCount })}
      />
    </Stack>
  );
}

export function TeamDialog({
  open,
  row,
  challenges,
  challengeCount,
  onClose,
  awardGameId,
}: TeamDialogProps) {
  const { t } = useTranslation();
  // a player's personal entry: no members to list beyond the player, no team page to open
  const alone = useIndividualPlay();
  const [giving, setGiving] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open && row !== undefined}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="scoreboard-team-title"
    >
      {row && (
        <>
          <DialogTitle id="scoreboard-team-title" component="h2">
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Avatar src={row.avatar ?? undefined} alt="" aria-hidden>
                {row.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Box component="span" sx={{ minWidth: 0 }}>
                {alone && (
                  <Typography
                    variant="overline"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block', lineHeight: 1.5 }}
                  >
                    {t('individualPlay.scoreboard.player')}
                  </Typography>
                )}
                <Box component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
                  {row.name}
                </Box>
              </Box>
            </Stack>
          </DialogTitle>
          <DialogContent dividers>
            <Stack spacing={3}>
              {row.bio && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.bio}</Typography>}
              <TeamStats row={row} challengeCount={challengeCount} />
              {!alone && <TeamMembers teamId={row.id} />}
              <TeamSolves solves={row.solvedChallenges} challenges={challenges} />
              <TeamAwards awards={row.awards} />
              <TeamHintPrices hintPrices={row.hintPrices} />
            </Stack>
          </DialogContent>
        </>
      )}
      <DialogActions>
        {row && awardGameId !== undefined && (
          <Button onClick={() => setGiving(true)}>{t('awards.give.open')}</Button>
        )}
        {row && !alone && (
          <Button component={RouterLink} to={playerPaths.team(row.id)}>
            {t('scoreboard.team.open_page')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {giving && row && awardGameId !== undefined && (
        <GiveAwardDialog gameId={awardGameId} team={row} onClose={() => setGiving(false)} />
      )}
    </Dialog>
  );
}
