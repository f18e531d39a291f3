/**
 * `/posts/:postId/edit` — an administrator writes a post; `/posts/new/edit` starts a new one.
 * Visitors are sent to sign in and brought back; other users are told the page is not for them.
 */
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/api/errors';
import { errorMessageOf } from '@/lib/notifications';
import { PageLoader } from '@/lib/PageLoader';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { usePost } from '@/hooks/posts';
import { PostNotFound } from '@/pages/posts/[postId]/PostNotFound';
import { PostEditor } from './PostEditor';
import { loginPath, playerPaths } from '@/lib/paths';

/** The post id in `/posts/new/edit` (real ids are 8 hex characters). */
export const NEW_POST_ID = 'new';

function AdminsOnly() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={playerPaths.posts}>
          {t('posts.all')}
        </Button>
      }
    >
      {t('posts.edit.admins_only')}
    </Alert>
  );
}

function StoredPostEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = usePost(id);
  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={240} />
        <SlowLoadingHint loading />
      </Stack>
    );
  }
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.status === 404) return <PostNotFound />;
    return (
      <LoadError
        error={query.error}
        title={t('posts.detail.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  // a new form whenever another version of the post is loaded
  return <PostEditor key={`${query.data.id}:${query.data.time}`} stored={query.data} />;
}

export default function PostEditPage() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const creating = postId.toLowerCase() === NEW_POST_ID;
  usePageTitle(t(creating ? 'posts.edit.page_new' : 'posts.edit.page_edit'));
  const { data: profile, isPending, error } = useProfile();

  let content;
  if (isPending) content = <PageLoader />;
  else if (error)
    content = <Alert severity="error">{errorMessageOf(error) ?? t('common.error.unknown')}</Alert>;
  else if (!profile) return <Navigate to={loginPath(playerPaths.postEdit(postId))} replace />;
  else if (profile.role !== 'Admin') content = <AdminsOnly />;
  else content = creating ? <PostEditor /> : <StoredPostEditor id={postId} />;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t(creating ? 'posts.edit.title_new' : 'posts.edit.title_edit')}
      </Typography>
      {content}
    </Stack>
  );
}
