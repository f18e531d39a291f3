/**
 * A post's tags as chips: type a tag and press Enter (or a comma). The spec's limits (number of
 * tags, length of one) come from formMeta.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { models } from '@/api/formMeta.gen';

const tagsMeta = models.PostEditModel.fields.tags;
export const MAX_TAGS = tagsMeta.maxItems;
export const MAX_TAG_LENGTH = tagsMeta.items.maxLength;

/** Trimmed, without blanks and repeats, in the order typed. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

export interface TagsFieldProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
}

export function TagsField({ label, value, onChange }: TagsFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string>();

  const accept = (tags: string[]) => {
    const cleaned = cleanTags(tags);
    if (cleaned.some((tag) => tag.length > MAX_TAG_LENGTH)) {
      setProblem(t('posts.edit.tag_too_long', { max: MAX_TAG_LENGTH }));
      return;
    }
    if (cleaned.length > MAX_TAGS) {
      setProblem(t('posts.edit.too_many_tags', { max: MAX_TAGS }));
      return;
    }
    setProblem(undefined);
    setInput('');
    onChange(cleaned);
  };

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={input}
      onInputChange={(_, text) => {
        // a comma ends a tag, as Enter does
        if (text.endsWith(',')) accept([...value, text.slice(0, -1)]);
        else setInput(text);
      }}
      onChange={(_, tags) => accept(tags)}
      onBlur={() => input.trim() !== '' && accept([...value, input])}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={problem !== undefined}
          helperText={problem ?? t('posts.edit.tags_help')}
        />
      )}
    />
  );
}
