/**
 * The challenge's priced hints (issue 25) beside its form: each hint's text and cost, saved or
 * removed one by one apart from the form (`/api/edit/games/{id}/challenges/{cId}/hints`), and a
 * row to add one. The free hints of the form (the reference's `hints`) are shown to every team;
 * these are unlocked by a team, at their cost, under the game's hint policy.
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { PricedHint } from '@/api/types';
import { maxLengthOf } from '@/api/validation';
import { useChallengeMeta } from '@/console/data/kit';

const CONTENT_MAX = maxLengthOf('PricedHintEditModel', 'content');

interface Draft {
  content: string;
  cost: string;
}

const costOf = (draft: Draft) => Number(draft.cost);
const isValid = (draft: Draft) =>
  draft.content.trim() !== '' && Number.isInteger(costOf(draft)) && costOf(draft) >= 0;

function HintRow({
  draft,
  onChange,
  actions,
  label,
  inList = true,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  actions: React.ReactNode;
  label: string;
  /** A saved hint is an item of the list; the row that adds one is a group of its own. */
  inList?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Stack
      spacing={1}
      aria-label={label}
      sx={{ listStyle: 'none' }}
      {...(inList ? { component: 'li' } : { role: 'group' })}
    >
      <TextField
        label={translate('pricedHints.console.content')}
        value={draft.content}
        onChange={(event) => onChange({ ...draft, content: event.target.value })}
        multiline
        minRows={2}
        size="small"
        slotProps={{ htmlInput: { maxLength: CONTENT_MAX } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label={translate('pricedHints.console.cost')}
          value={draft.cost}
          onChange={(event) => onChange({ ...draft, cost: event.target.value })}
          type="number"
          size="small"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          sx={{ width: 140 }}
        />
        {actions}
      </Stack>
    </Stack>
  );
}

function SavedHint({ hint, index }: { hint: PricedHint; index: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const meta = useChallengeMeta();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ content: hint.content, cost: String(hint.cost) });
  const path = { id: Number(meta.gameId), cId: Number(meta.challengeId), hintId: hint.id };
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['pricedHints', path.id, path.cId] });
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/edit/games/{id}/challenges/{cId}/hints/{hintId}', {
          params: { path },
          body: { content: draft.content, cost: costOf(draft) },
        }),
      ),
    onSuccess: () => {
      notify('pricedHints.console.saved', { type: 'success' });
      void refresh();
    },
    onError: () => notify('pricedHints.console.failed', { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.DELETE('/api/edit/games/{id}/challenges/{cId}/hints/{hintId}', {
          params: { path },
        }),
      ),
    onSuccess: () => void refresh(),
    onError: () => notify('pricedHints.console.failed', { type: 'error' }),
  });
  const changed = draft.content !== hint.content || draft.cost !== String(hint.cost);
  return (
    <HintRow
      label={translate('pricedHints.hint', { n: index + 1 })}
      draft={draft}
      onChange={setDraft}
      actions={
        <>
          <MuiButton
            size="small"
            variant="contained"
            disabled={!changed || !isValid(draft) || save.isPending}
            onClick={() => save.mutate()}
          >
            {translate('pricedHints.console.save')}
          </MuiButton>
          <MuiButton
            size="small"
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {translate('pricedHints.console.delete')}
          </MuiButton>
        </>
      }
    />
  );
}

export function PricedHintsPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const meta = useChallengeMeta();
  const queryClient = useQueryClient();
  const path = { id: Number(meta.gameId), cId: Number(meta.challengeId) };
  const key = ['pricedHints', path.id, path.cId];
  const hints = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await api.GET('/api/edit/games/{id}/challenges/{cId}/hints', { params: { path } })),
  });
  const [draft, setDraft] = useState<Draft>({ content: '', cost: '0' });
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/edit/games/{id}/challenges/{cId}/hints', {
          params: { path },
          body: { content: draft.content, cost: costOf(draft) },
        }),
      ),
    onSuccess: () => {
      setDraft({ content: '', cost: '0' });
      notify('pricedHints.console.saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => notify('pricedHints.console.failed', { type: 'error' }),
  });
  return (
    <Card
      component="section"
      aria-label={translate('pricedHints.console.title')}
      sx={{ mt: 2, ml: { lg: 2 }, width: { xs: '100%', lg: 340 }, alignSelf: 'flex-start' }}
    >
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('pricedHints.console.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('pricedHints.console.help')}
          </Typography>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {(hints.data ?? []).map((hint, index) => (
              // keyed by content too: a saved change resets the row's draft to what was stored
              <SavedHint
                key={`${hint.id}:${hint.cost}:${hint.content}`}
                hint={hint}
                index={index}
              />
            ))}
          </Stack>
          {hints.data?.length === 0 && (
            <Typography color="text.secondary">{translate('pricedHints.console.empty')}</Typography>
          )}
          <HintRow
            label={translate('pricedHints.console.add')}
            inList={false}
            draft={draft}
            onChange={setDraft}
            actions={
              <MuiButton
                size="small"
                variant="outlined"
                disabled={!isValid(draft) || add.isPending}
                onClick={() => add.mutate()}
              >
                {translate('pricedHints.console.add')}
              </MuiButton>
            }
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
