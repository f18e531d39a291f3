/**
 * Gives an award (`POST …/awards`): the board shows it at once, live. The form empties after each
 * success.
 */
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, useCreate, useNotify, useTranslate } from 'react-admin';
import type { AwardCreate as AwardCreateBody } from '@/api/types';
import type { GameMeta } from '@/console/data/kit';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { AwardInputs } from './AwardInputs';

export function AwardCreate({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // a new key remounts the form: empty again, and pristine
  const [formKey, setFormKey] = useState(0);
  const [create] = useCreate();

  const give = async (data: Partial<AwardCreateBody>) => {
    try {
      await create('awards', { data, meta }, { returnPromise: true });
      setFormKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: ['awards'] });
      notify('resources.awards.notifications.created', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="award-create-title"
      sx={{
        width: { xs: '100%', lg: 400 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
        flexShrink: 0,
      }}
    >
      <CardContent>
        <Typography id="award-create-title" variant="h6" component="h2" gutterBottom>
          {translate('resources.awards.give_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.awards.give_help')}
        </Typography>
        <Form key={formKey} record={{ reason: '' }} onSubmit={give}>
          <UnsavedChangesGuard />
          <AwardInputs gameId={meta.gameId} />
          <SaveButton label="resources.awards.give" icon={<EmojiEventsIcon />} />
        </Form>
      </CardContent>
    </Card>
  );
}
