/**
 * Inputs of a post, shared by PostCreate and PostEdit: every field of PostEditModel, with the
 * spec's limits (formMeta).
 */
import Stack from '@mui/material/Stack';
import {
  ArrayInput,
  BooleanInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
  type Validator,
} from 'react-admin';
import { models } from '@/api/formMeta.gen';
import { MarkdownInput } from '@/console/inputs/MarkdownInput';
import { specValidator } from '@/console/validate';

const fields = models.PostEditModel.fields;
const spec = (field: keyof typeof fields) => specValidator('PostEditModel', field);
const keepEmpty = (value: string) => value;

const tagValidators = [required(), maxLength(fields.tags.items.maxLength)];

const atMostTags: Validator = (tags) =>
  Array.isArray(tags) && tags.length > fields.tags.maxItems
    ? { message: 'resources.posts.validation.too_many_tags', args: { max: fields.tags.maxItems } }
    : undefined;

/** A new post's values: the spec's defaults. */
export const newPostDefaults = () => ({
  summary: fields.summary.default,
  content: fields.content.default,
  tags: [...fields.tags.default],
  isPinned: fields.isPinned.default,
});

export function PostInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 900 }}>
      <TextInput
        source="title"
        validate={specValidator('PostEditModel', 'title', { required: true })}
      />
      <TextInput
        source="summary"
        multiline
        minRows={2}
        parse={keepEmpty}
        helperText="resources.posts.helpers.summary"
        validate={spec('summary')}
      />
      <MarkdownInput source="content" validate={spec('content')} />
      <ArrayInput source="tags" validate={atMostTags}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="resources.posts.fields.tag" validate={tagValidators} />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="isPinned" helperText="resources.posts.helpers.isPinned" />
    </Stack>
  );
}
