/**
 * `/posts/:postId` — one post: title, author, time, tags and its Markdown content (sanitised).
 * Administrators get an edit button.
 */
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/api/errors';
import { usePageTitle } from '@/lib/usePageTitle';
import { MarkdownContent } from '@/components/markdown/MarkdownContent';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { usePost } from '@/hooks/posts';
import { PostByline } from '@/components/posts/PostByline';
import { PostNotFound } from './PostNotFound';
import { playerPaths } from '@/lib/paths';

function BackToPosts() {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={playerPaths.posts}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('posts.all')}
    </Button>
  );
}

function LoadingPost() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="text" width="60%" sx={{ fontSize: '2.5rem' }} />
      <Skeleton variant="text" width="30%" />
      <Skeleton variant="rectangular" height={240} />
      <SlowLoadingHint loading />
    </Stack>
  );
}

export default function PostPage() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const { data: profile } = useProfile();
  const query = usePost(postId);
  const post = query.data;
  usePageTitle(post?.title ?? t('posts.detail.page'));

  if (query.isError && !post && query.error instanceof HttpError && query.error.status === 404) {
    return <PostNotFound />;
  }

  return (
    <Stack spacing={3} component="article">
      <BackToPosts />
      {query.isPending && <LoadingPost />}
      {query.isError && (
        <LoadError
          error={query.error}
          title={t('posts.detail.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
          severity={post ? 'warning' : 'error'}
        />
      )}
      {post && (
        <>
          <Stack spacing={1.5}>
            <Stack
              direction="row"
              spacing={2}
              sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
            >
              <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                {post.title}
              </Typography>
              {profile?.role === 'Admin' && (
                <Button
                  component={RouterLink}
                  to={playerPaths.postEdit(post.id)}
                  variant="outlined"
                  startIcon={<EditIcon />}
                  sx={{ flexShrink: 0 }}
                >
                  {t('posts.detail.edit')}
                </Button>
              )}
            </Stack>
            <PostByline post={post} />
          </Stack>
          <Divider />
          <MarkdownContent
            text={post.content.trim() === '' ? post.summary : post.content}
            topHeading={2}
          />
        </>
      )}
    </Stack>
  );
}
