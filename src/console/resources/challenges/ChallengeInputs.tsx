/**
 * Inputs of a challenge. ChallengeCreate uses the identity (title, category, type); ChallengeEdit
 * every field of ChallengeUpdateModel, those of containers and dynamic flags only for their types.
 * Limits and choices come from the spec (formMeta).
 */
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AddRowButton } from '@/console/inputs/AddRowButton';
import { AttemptLimitInputs } from './AttemptLimitInputs';
import { models } from '@/api/formMeta.gen';
import type { ChallengeDetail } from '@/api/types';
import { MarkdownInput } from '@/console/inputs/MarkdownInput';
import { specValidator } from '@/console/validate';
import { useChallengeMeta } from '@/console/data/kit';
import { categoryChoices, hasContainer, typeChoices } from './choices';
import { FlagDeliveryNotice } from './FlagDeliveryNotice';
import { ScoreCurve } from './ScoreCurve';
import { UnlockInputs } from './UnlockInputs';

type UpdateField = Parameters<typeof specValidator<'ChallengeUpdateModel'>>[1];
const spec = (field: UpdateField) => specValidator('ChallengeUpdateModel', field);
const keepEmpty = (value: string) => value;
const hintValidators = [maxLength(models.ChallengeUpdateModel.fields.hints.items.maxLength)];

const row = { direction: { xs: 'column', md: 'row' }, sx: { columnGap: 2 } } as const;

/** Title, category and type of a new challenge. */
export function ChallengeIdentityInputs() {
  return (
    <>
      <TextInput
        source="title"
        validate={specValidator('ChallengeCreateModel', 'title', { required: true })}
      />
      <Stack {...row}>
        <SelectInput source="category" choices={categoryChoices} validate={required()} />
        <SelectInput
          source="type"
          choices={typeChoices}
          validate={required()}
          helperText="resources.challenges.helpers.type"
        />
      </Stack>
    </>
  );
}

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate(`resources.challenges.sections.${title}`)}
      </Typography>
    </>
  );
}

function ContainerInputs({ type }: { type: ChallengeDetail['type'] }) {
  return (
    <>
      <Section title="container" />
      <TextInput
        source="containerImage"
        parse={keepEmpty}
        validate={spec('containerImage')}
        helperText={`resources.challenges.helpers.containerImage_${type}`}
      />
      <Stack {...row}>
        <NumberInput
          source="memoryLimit"
          step={1}
          validate={spec('memoryLimit')}
          helperText="resources.challenges.helpers.memoryLimit"
        />
        <NumberInput
          source="cpuCount"
          step={1}
          validate={spec('cpuCount')}
          helperText="resources.challenges.helpers.cpuCount"
        />
        <NumberInput
          source="storageLimit"
          step={1}
          validate={spec('storageLimit')}
          helperText="resources.challenges.helpers.storageLimit"
        />
        <NumberInput source="containerExposePort" step={1} validate={spec('containerExposePort')} />
      </Stack>
      <BooleanInput
        source="enableTrafficCapture"
        helperText="resources.challenges.helpers.enableTrafficCapture"
      />
    </>
  );
}

/** The edit form: every field the API lets an organiser change. */
export function ChallengeInputs() {
  const record = useRecordContext<ChallengeDetail>();
  const meta = useChallengeMeta();
  const translate = useTranslate();
  const type = record?.type;
  return (
    <Stack sx={{ width: '100%', maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.challenges.fields.type')}
        </Typography>
        {type && <Chip size="small" label={translate(`resources.challenges.types.${type}`)} />}
      </Stack>
      {record && (
        <FlagDeliveryNotice
          gameId={meta.gameId}
          challengeId={record.id}
          type={record.type}
          flagCount={record.flags.length}
        />
      )}
      <TextInput
        source="title"
        validate={specValidator('ChallengeUpdateModel', 'title', { required: true })}
      />
      <Stack {...row}>
        <SelectInput source="category" choices={categoryChoices} validate={required()} />
        <BooleanInput source="isEnabled" helperText="resources.challenges.helpers.isEnabled" />
        <BooleanInput source="disableBloodBonus" />
      </Stack>
      <MarkdownInput source="content" validate={spec('content')} />
      <ArrayInput source="hints" validate={spec('hints')}>
        <SimpleFormIterator
          inline
          disableReordering
          addButton={
            <AddRowButton
              label="resources.challenges.add_hint"
              help="resources.challenges.add_hint_help"
            />
          }
          fullWidth
        >
          <TextInput
            source=""
            label="resources.challenges.fields.hint"
            validate={hintValidators}
            parse={keepEmpty}
            sx={{ minWidth: 400 }}
          />
        </SimpleFormIterator>
      </ArrayInput>

      {type === 'DynamicContainer' && (
        <TextInput
          source="flagTemplate"
          parse={keepEmpty}
          validate={spec('flagTemplate')}
          helperText="resources.challenges.helpers.flagTemplate"
        />
      )}
      {type === 'DynamicAttachment' && (
        <TextInput
          source="fileName"
          validate={spec('fileName')}
          helperText="resources.challenges.helpers.fileName"
        />
      )}

      <Section title="scoring" />
      <Stack {...row}>
        <NumberInput
          source="originalScore"
          step={1}
          validate={[required(), spec('originalScore')]}
        />
        <NumberInput
          source="minScoreRate"
          step={0.05}
          validate={[required(), spec('minScoreRate')]}
          helperText="resources.challenges.helpers.minScoreRate"
        />
        <NumberInput
          source="difficulty"
          step={0.5}
          validate={[required(), spec('difficulty')]}
          helperText="resources.challenges.helpers.difficulty"
        />
      </Stack>
      <FormDataConsumer<ChallengeDetail>>
        {({ formData }) => (
          <ScoreCurve
            params={{
              originalScore: formData.originalScore,
              minScoreRate: formData.minScoreRate,
              difficulty: formData.difficulty,
            }}
            solves={record?.acceptedCount}
          />
        )}
      </FormDataConsumer>
      <AttemptLimitInputs />

      {type && hasContainer(type) && <ContainerInputs type={type} />}
      <UnlockInputs />
    </Stack>
  );
}
