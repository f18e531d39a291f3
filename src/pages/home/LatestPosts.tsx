/** The home page's news: the latest posts, pinned ones first, each leading to the whole post. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useLatestPosts } from '@/hooks/posts';
import { PostSummaryCard, PostSummarySkeleton } from '@/components/posts/PostSummaryCard';
import { SectionHeading } from './SectionHeading';
import { playerPaths } from '@/lib/paths';

export const HOME_POSTS = 5;

function Posts() {
  const { t } = useTranslation();
  const query = useLatestPosts();
  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <PostSummarySkeleton />
        <PostSummarySkeleton />
        <SlowLoadingHint loading />
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        error={query.error}
        title={t('home.posts.load_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.data.length === 0) {
    return <Typography color="text.secondary">{t('home.posts.empty')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {query.data.slice(0, HOME_POSTS).map((post) => (
        <PostSummaryCard key={post.id} post={post} headingLevel="h3" />
      ))}
    </Stack>
  );
}

export function LatestPosts() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-posts">
      <SectionHeading id="home-posts" title={t('home.posts.title')}>
        <Button component={RouterLink} to={playerPaths.posts} size="small">
          {t('home.posts.all')}
        </Button>
      </SectionHeading>
      <Posts />
    </Box>
  );
}
