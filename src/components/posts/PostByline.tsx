/** Who wrote a post and when, with its pin and tags. */
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PushPinIcon from '@mui/icons-material/PushPin';
import { useTranslation } from 'react-i18next';
import type { Post } from '@/api/types';
import { RelativeTime } from '@/components/time/RelativeTime';

export function PostByline({ post }: { post: Post }) {
  const { t } = useTranslation();
  const author = post.authorName ?? t('posts.unknown_author');
  const tags = post.tags ?? [];
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}
    >
      <Avatar src={post.authorAvatar ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
        {author.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography variant="body2" component="span">
        {author}
      </Typography>
      <Typography variant="body2" component="span" aria-hidden>
        ·
      </Typography>
      <Typography variant="body2" component="span">
        <RelativeTime time={post.time} />
      </Typography>
      {post.isPinned && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          icon={<PushPinIcon />}
          label={t('posts.pinned')}
        />
      )}
      {tags.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          spacing={0.5}
          useFlexGap
          aria-label={t('posts.tags')}
          sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip size="small" label={tag} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
