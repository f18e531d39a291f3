/** A game's long description: its Markdown, sanitised. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '@/lib/markdown';

export function GameContent({ content }: { content: string }) {
  const { t } = useTranslation();
  if (content.trim() === '') return null;
  return (
    <Box component="section" aria-labelledby="game-content">
      <Typography id="game-content" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('games.detail.about')}
      </Typography>
      <Box
        className="markdown"
        sx={(theme) => ({
          overflowWrap: 'anywhere',
          // the description's headings rank below the page's own
          '& h1': theme.typography.h5,
          '& h2': theme.typography.h6,
          '& h3, & h4, & h5, & h6': theme.typography.subtitle1,
          '& :is(h1, h2, h3, h4, h5, h6)': { mt: 2, mb: 1 },
          '& img': { maxWidth: '100%' },
          '& pre': { overflowX: 'auto', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' },
          '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
          '& a': { color: 'primary.main' },
        })}
        // sanitised by renderMarkdown
        dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }}
      />
    </Box>
  );
}
