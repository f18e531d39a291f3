/**
 * A challenge's priced hints (issue 25) as the team sees them: each with its cost, its text once
 * the team unlocked it. Unlocking asks first, stating the price and when it is paid (the game's
 * policy); the whole team then reads it (the server tells the teammates on the players' hub).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { api, unwrap } from '@/api/client';
import type { ChallengePricedHint, HintPolicy } from '@/api/types';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { challengeKeys } from '@/hooks/challenges';
import { errorMessageOf } from '@/lib/notifications';

export interface PricedHintsProps {
  gameId: number;
  challengeId: number;
  hints: readonly ChallengePricedHint[];
  policy: HintPolicy;
}

export function PricedHints({ gameId, challengeId, hints, policy }: PricedHintsProps) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ChallengePricedHint>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (hints.length === 0) return null;

  const unlock = async (hint: ChallengePricedHint) => {
    setBusy(true);
    setError(undefined);
    try {
      unwrap(
        await api.POST('/api/game/{id}/challenges/{challengeId}/hints/{hintId}/unlock', {
          params: { path: { id: gameId, challengeId, hintId: hint.id } },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: challengeKeys.all(gameId) });
      setAsking(undefined);
    } catch (failure) {
      setError(errorMessageOf(failure) ?? t('common.error.unknown'));
      setAsking(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={t('pricedHints.title')}>
      <Typography variant="subtitle2" component="h3">
        {t('pricedHints.title')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <List dense disablePadding>
        {hints.map((hint, index) => (
          <ListItem
            key={hint.id}
            disableGutters
            aria-label={t('pricedHints.hint', { n: index + 1 })}
          >
            {hint.content !== null ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <LockOpenIcon fontSize="small" color="warning" />
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {hint.content}
                </Typography>
              </Stack>
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <LockIcon fontSize="small" color="action" />
                <Typography color="text.secondary">
                  {hint.cost === 0
                    ? t('pricedHints.locked_free', { n: index + 1 })
                    : t('pricedHints.locked', { n: index + 1, cost: hint.cost })}
                </Typography>
                <Button size="small" variant="outlined" onClick={() => setAsking(hint)}>
                  {t('pricedHints.unlock')}
                </Button>
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('pricedHints.confirm_title')}
        message={
          asking &&
          (asking.cost === 0
            ? t(alone ? 'individualPlay.hints.confirm_free' : 'pricedHints.confirm_free')
            : policy === 'OnSolve'
              ? t(
                  alone ? 'individualPlay.hints.confirm_on_solve' : 'pricedHints.confirm_on_solve',
                  {
                    cost: asking.cost,
                  },
                )
              : t(
                  alone
                    ? 'individualPlay.hints.confirm_at_unlock'
                    : 'pricedHints.confirm_at_unlock',
                  { cost: asking.cost },
                ))
        }
        confirmLabel={t('pricedHints.unlock')}
        color="primary"
        busy={busy}
        onConfirm={() => asking && void unlock(asking)}
        onClose={() => !busy && setAsking(undefined)}
      />
    </Box>
  );
}
