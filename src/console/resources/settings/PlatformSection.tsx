/**
 * The site identity (`globalConfig`): name, slogan, description, footer (Markdown) and theme
 * colour. Emptied texts are sent as '' (the API leaves `null` ones unchanged).
 */
import { TextInput } from 'react-admin';
import type { GlobalConfig } from '@/api/types';
import { MarkdownInput } from '@/console/inputs/MarkdownInput';
import { specValidator } from '@/console/validate';
import { SettingsSection } from './SettingsSection';
import { ThemeColourInput } from './ThemeColourInput';

const spec = (field: 'title' | 'slogan' | 'description' | 'footerInfo') =>
  specValidator('GlobalConfig', field);
const keepEmpty = (value: string) => value;

export function PlatformSection({ record }: { record: GlobalConfig | null | undefined }) {
  return (
    <SettingsSection name="globalConfig" record={record}>
      <TextInput
        source="title"
        validate={spec('title')}
        helperText="resources.settings.helpers.title"
        fullWidth
      />
      <TextInput source="slogan" validate={spec('slogan')} fullWidth />
      <TextInput
        source="description"
        parse={keepEmpty}
        validate={spec('description')}
        helperText="resources.settings.helpers.description"
        fullWidth
      />
      <MarkdownInput source="footerInfo" validate={spec('footerInfo')} minRows={3} />
      <ThemeColourInput />
    </SettingsSection>
  );
}
