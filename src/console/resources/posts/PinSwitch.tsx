/**
 * Pins or unpins a post at once from the list (`PUT /api/edit/posts/{id}` with the new pin), then
 * reloads the list so the post moves to its place (pinned posts first).
 */
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { Post } from '@/api/types';

export function PinSwitch() {
  const record = useRecordContext<Post>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate<Post>();
  if (!record) return null;
  const toggle = () =>
    update(
      'posts',
      { id: record.id, data: { isPinned: !record.isPinned }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts', 'getList'] }),
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Switch
      size="small"
      checked={record.isPinned}
      disabled={isPending}
      onChange={toggle}
      onClick={(event) => event.stopPropagation()}
      slotProps={{
        input: { 'aria-label': translate('resources.posts.pin', { title: record.title }) },
      }}
    />
  );
}
