/**
 * A Markdown text input with a "Preview" tab showing the rendered, sanitised text.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormDataConsumer, TextInput, useTranslate, type TextInputProps } from 'react-admin';
import { renderMarkdown } from '@/lib/markdown';

/** Texts that may be emptied keep '' (react-admin would send null). */
const keepEmpty = (value: string) => value;

export function MarkdownPreview({ text }: { text: string }) {
  const translate = useTranslate();
  if (text.trim() === '')
    return <Typography color="text.secondary">{translate('console.markdown.empty')}</Typography>;
  return (
    <Box
      className="markdown"
      sx={{ '& img': { maxWidth: '100%' }, '& pre': { overflowX: 'auto' } }}
      // sanitised by renderMarkdown
      dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
    />
  );
}

export function MarkdownInput(props: TextInputProps) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ minHeight: 36 }}>
        <Tab value="write" label={translate('console.markdown.write')} sx={{ minHeight: 36 }} />
        <Tab value="preview" label={translate('console.markdown.preview')} sx={{ minHeight: 36 }} />
      </Tabs>
      <Box sx={{ display: tab === 'write' ? 'block' : 'none' }}>
        <TextInput multiline minRows={6} parse={keepEmpty} fullWidth {...props} />
      </Box>
      {tab === 'preview' && (
        <Box
          role="region"
          aria-label={translate('console.markdown.preview')}
          sx={{ p: 2, my: 1, minHeight: 120, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <FormDataConsumer>
            {({ formData }) => <MarkdownPreview text={String(formData[props.source] ?? '')} />}
          </FormDataConsumer>
        </Box>
      )}
    </Box>
  );
}
