/**
 * Publishes a notice (`POST …/notices`): players see it at once, pushed live. The form empties
 * after each success.
 */
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, useCreate, useNotify, useTranslate } from 'react-admin';
import { NoticeInputs } from './NoticeInputs';
import type { GameMeta } from '@/console/data/kit';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

export function NoticeCreate({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // a new key remounts the form: empty again, and pristine
  const [formKey, setFormKey] = useState(0);
  const [create] = useCreate();

  const publish = async ({ content }: { content?: string }) => {
    try {
      await create('notices', { data: { content }, meta }, { returnPromise: true });
      setFormKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: ['notices'] });
      notify('resources.notices.published', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="notice-create-title"
      sx={{
        width: { xs: '100%', lg: 460 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
        flexShrink: 0,
      }}
    >
      <CardContent>
        <Typography id="notice-create-title" variant="h6" component="h2" gutterBottom>
          {translate('resources.notices.publish_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.notices.publish_help')}
        </Typography>
        <Form key={formKey} record={{ content: '' }} onSubmit={publish}>
          <UnsavedChangesGuard />
          <NoticeInputs />
          <SaveButton label="resources.notices.publish" icon={<SendIcon />} />
        </Form>
      </CardContent>
    </Card>
  );
}
