/** The text of a notice, shared by the publish form and the edit dialog. Limits from the spec. */
import { MarkdownInput } from '@/console/inputs/MarkdownInput';
import { specValidator } from '@/console/validate';

const validateContent = specValidator('GameNoticeModel', 'content');

export function NoticeInputs() {
  return (
    <MarkdownInput
      source="content"
      label="resources.notices.fields.content"
      validate={validateContent}
    />
  );
}
