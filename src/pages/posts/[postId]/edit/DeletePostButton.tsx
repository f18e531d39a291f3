/** Deletes a post after a confirmation, then goes back to the list. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { PostDetail } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeletePost } from '@/hooks/posts';
import { playerPaths } from '@/lib/paths';

export function DeletePostButton({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const remove = useDeletePost();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    remove.mutate(post.id, {
      onSuccess: () => {
        notify.show({ color: 'success', message: t('posts.edit.deleted', { title: post.title }) });
        navigate(playerPaths.posts, { replace: true });
      },
      onError: notify.error,
    });

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {t('posts.edit.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('posts.edit.delete_title', { title: post.title })}
        message={t('posts.edit.delete_message')}
        confirmLabel={t('posts.edit.delete')}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        busy={remove.isPending}
      />
    </>
  );
}
