/** A post link that leads nowhere: the post was deleted or never existed. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import { useTranslation } from 'react-i18next';
import { playerPaths } from '@/lib/paths';

export function PostNotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <ArticleIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h5" component="h1">
        {t('posts.detail.not_found')}
      </Typography>
      <Typography color="text.secondary">{t('posts.detail.not_found_message')}</Typography>
      <Button component={RouterLink} to={playerPaths.posts} variant="contained">
        {t('posts.all')}
      </Button>
    </Stack>
  );
}
