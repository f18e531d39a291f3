/**
 * One card of the Settings page: a form over one section of the settings, with its own Save
 * button that sends that section alone.
 */
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { sectionBody, type SectionName } from './sections';
import { useSaveSettings } from './useSettings';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

export function SettingsCard({ name, children }: { name: string; children: ReactNode }) {
  const translate = useTranslate();
  const title = translate(`resources.settings.sections.${name}.title`);
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardHeader
        title={title}
        subheader={translate(`resources.settings.sections.${name}.help`)}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      {children}
    </Card>
  );
}

const NO_VALUES = {};

export function SettingsSection({
  name,
  record,
  children,
}: {
  name: SectionName;
  record: object | null | undefined;
  children: ReactNode;
}) {
  const save = useSaveSettings();
  // A failed save is notified by the mutation; the form keeps what was typed.
  const submit = (values: Record<string, unknown>) =>
    save.mutateAsync(sectionBody(name, values)).catch(() => undefined);
  return (
    <SettingsCard name={name}>
      <Form record={record ?? NO_VALUES} onSubmit={submit} noValidate>
        <UnsavedChangesGuard />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <SaveButton />
        </CardActions>
      </Form>
    </SettingsCard>
  );
}
