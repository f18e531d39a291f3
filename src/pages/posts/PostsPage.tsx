/**
 * `/posts` — every post of the site, pinned ones first, then the latest. Administrators also get
 * the way to write a new one.
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArticleIcon from '@mui/icons-material/Article';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { usePosts } from '@/hooks/posts';
import { PostSummaryCard, PostSummarySkeleton } from '@/components/posts/PostSummaryCard';
import { playerPaths } from '@/lib/paths';

const SKELETONS = 3;

/** Where an administrator writes a new post. */
function NoPosts() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <ArticleIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t('posts.empty_title')}
      </Typography>
      <Typography color="text.secondary">{t('posts.empty_message')}</Typography>
    </Stack>
  );
}

export default function PostsPage() {
  const { t } = useTranslation();
  usePageTitle(t('posts.page'));
  const { data: profile } = useProfile();
  const query = usePosts();
  const posts = query.data ?? [];

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          {t('posts.title')}
        </Typography>
        {profile?.role === 'Admin' && (
          <Button
            component={RouterLink}
            to={playerPaths.newPost}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('posts.new')}
          </Button>
        )}
      </Stack>
      {query.isPending && (
        <Stack spacing={2} aria-busy="true">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <PostSummarySkeleton key={index} />
          ))}
          <SlowLoadingHint loading />
        </Stack>
      )}
      {query.isError && (
        <LoadError
          error={query.error}
          title={t('posts.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
          severity={query.data ? 'warning' : 'error'}
        />
      )}
      {query.isSuccess && posts.length === 0 && <NoPosts />}
      {posts.map((post) => (
        <PostSummaryCard key={post.id} post={post} />
      ))}
    </Stack>
  );
}
