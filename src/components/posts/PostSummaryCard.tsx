/** A post in a list: title, byline, summary (Markdown) and the way to the whole post. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Post } from '@/api/types';
import { MarkdownContent } from '@/components/markdown/MarkdownContent';
import { PostByline } from '@/components/posts/PostByline';
import { playerPaths } from '@/lib/paths';

export function PostSummaryCard({
  post,
  headingLevel = 'h2',
}: {
  post: Post;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="article"
      sx={post.isPinned ? { borderColor: 'primary.main' } : undefined}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component={headingLevel} sx={{ wordBreak: 'break-word' }}>
            <Link
              component={RouterLink}
              to={playerPaths.post(post.id)}
              color="inherit"
              underline="hover"
            >
              {post.title}
            </Link>
          </Typography>
          <PostByline post={post} />
          {post.summary.trim() !== '' && (
            <MarkdownContent
              text={post.summary}
              topHeading={headingLevel === 'h2' ? 3 : 4}
              sx={{ color: 'text.secondary' }}
            />
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button
          component={RouterLink}
          to={playerPaths.post(post.id)}
          size="small"
          aria-label={t('posts.read_more_label', { title: post.title })}
        >
          {t('posts.read_more')}
        </Button>
      </CardActions>
    </Card>
  );
}

export function PostSummarySkeleton() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="80%" />
      </CardContent>
    </Card>
  );
}
