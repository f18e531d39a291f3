/**
 * The form of a post: title, summary, content (Markdown with preview), tags and pin. Creates the
 * post when `stored` is absent, otherwise saves the changes; then opens the post.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { PostDetail, PostEdit } from '@/api/types';
import { fieldValidator } from '@/api/validation';
import { useForm } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useSavePost } from '@/hooks/posts';
import { DeletePostButton } from './DeletePostButton';
import { MarkdownField } from './MarkdownField';
import { TagsField } from './TagsField';
import { playerPaths } from '@/lib/paths';

const validators = {
  title: fieldValidator('PostEditModel', 'title'),
  summary: fieldValidator('PostEditModel', 'summary'),
  content: fieldValidator('PostEditModel', 'content'),
};

type TextValues = Record<keyof typeof validators, string>;

const textOf = (post?: PostDetail): TextValues => ({
  title: post?.title ?? '',
  summary: post?.summary ?? '',
  content: post?.content ?? '',
});

export function PostEditor({ stored }: { stored?: PostDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useForm(textOf(stored), validators);
  const [tags, setTags] = useState<string[]>(stored?.tags ?? []);
  const [isPinned, setPinned] = useState(stored?.isPinned ?? false);
  const save = useSavePost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const next: PostEdit = { ...form.values, tags, isPinned };
    save.mutate(
      { stored, next },
      {
        onSuccess: (id) => {
          notify.show({
            color: 'success',
            message: t(stored ? 'posts.edit.saved' : 'posts.edit.created'),
          });
          navigate(playerPaths.post(id));
        },
        onError: notify.error,
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit}>
        <TextField {...form.field('title')} label={t('posts.edit.fields.title')} required />
        <TextField
          {...form.field('summary', t('posts.edit.summary_help'))}
          label={t('posts.edit.fields.summary')}
          multiline
          minRows={2}
        />
        <MarkdownField {...form.field('content')} label={t('posts.edit.fields.content')} />
        <TagsField label={t('posts.edit.fields.tags')} value={tags} onChange={setTags} />
        <div>
          <FormControlLabel
            control={
              <Switch checked={isPinned} onChange={(event) => setPinned(event.target.checked)} />
            }
            label={t('posts.edit.fields.pinned')}
          />
          <FormHelperText>{t('posts.edit.pinned_help')}</FormHelperText>
        </div>
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between' }}
        >
          {stored ? <DeletePostButton post={stored} /> : <span />}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => navigate(stored ? playerPaths.post(stored.id) : playerPaths.posts)}
              disabled={save.isPending}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t(stored ? 'common.save' : 'posts.edit.publish')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
