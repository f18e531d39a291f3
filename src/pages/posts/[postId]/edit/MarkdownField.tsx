/** A Markdown text box with a "Preview" tab showing the text as readers will see it. */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/lib/forms/useForm';
import { MarkdownContent } from '@/components/markdown/MarkdownContent';

export interface MarkdownFieldProps extends FieldProps {
  label: string;
  minRows?: number;
}

export function MarkdownField({ label, minRows = 10, ...field }: MarkdownFieldProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const id = useId();
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, value: 'write' | 'preview') => setTab(value)}
        aria-label={t('posts.edit.view_of', { field: label })}
        sx={{ minHeight: 36 }}
      >
        <Tab
          value="write"
          label={t('posts.edit.write')}
          sx={{ minHeight: 36 }}
          id={`${id}-write`}
        />
        <Tab
          value="preview"
          label={t('posts.edit.preview')}
          sx={{ minHeight: 36 }}
          id={`${id}-preview`}
        />
      </Tabs>
      {/* kept mounted so the text and its validation state survive a look at the preview */}
      <Box sx={{ display: tab === 'write' ? 'block' : 'none', pt: 1 }}>
        <TextField
          {...field}
          label={label}
          multiline
          minRows={minRows}
          fullWidth
          slotProps={{ htmlInput: { sx: { fontFamily: 'monospace' } } }}
        />
      </Box>
      {tab === 'preview' && (
        <Box
          role="region"
          aria-labelledby={`${id}-preview`}
          sx={{ p: 2, mt: 1, minHeight: 120, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {field.value.trim() === '' ? (
            <Typography color="text.secondary">{t('posts.edit.preview_empty')}</Typography>
          ) : (
            <MarkdownContent text={field.value} topHeading={2} />
          )}
        </Box>
      )}
    </Box>
  );
}
