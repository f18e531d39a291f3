/**
 * Inputs of a game, shared by GameCreate and GameEdit: every field of GameInfoEditModel. Limits and
 * defaults come from the spec (formMeta); times are epoch milliseconds.
 */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  minLength,
  required,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AddRowButton } from '@/console/inputs/AddRowButton';
import { models } from '@/api/formMeta.gen';
import { EpochDateTimeInput } from '@/console/inputs/EpochDateTimeInput';
import { MarkdownInput } from '@/console/inputs/MarkdownInput';
import { specValidator } from '@/console/validate';
import { BloodBonusInput } from './BloodBonusInput';
import { ScoreVisibilityInput } from './ScoreVisibilityInput';
import { PlayModeInput } from './PlayModeInput';
import { enumChoices } from '@/api/validation';

/** When a priced hint is paid (issue 25): the spec's HintPolicy values. */
const hintPolicyChoices = enumChoices('HintPolicy').map((policy) => ({
  id: policy,
  name: `pricedHints.console.policy_${policy}`,
}));

const spec = (field: Parameters<typeof specValidator<'GameInfoEditModel'>>[1]) =>
  specValidator('GameInfoEditModel', field);
const keepEmpty = (value: string) => value;

const divisionItem = models.GameInfoEditModel.fields.divisions.items;
const divisionValidators = [
  required(),
  minLength(divisionItem.minLength),
  maxLength(divisionItem.maxLength),
];

/** The end must not come before the start (the server does not check). */
const endAfterStart: Validator = (value, values) =>
  typeof value === 'number' && typeof values.start === 'number' && value < values.start
    ? 'resources.games.validation.end_before_start'
    : undefined;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The scoreboard freeze must fall within the game (start ≤ freeze < end), as the server checks. */
const freezeWithinGame: Validator = (value, values) =>
  typeof value === 'number' &&
  typeof values.start === 'number' &&
  typeof values.end === 'number' &&
  (value < values.start || value >= values.end)
    ? 'resources.games.validation.freeze_outside'
    : undefined;

/**
 * A new game's values: the spec's defaults, starting now (to the minute) for two days, and hidden
 * until the organiser makes it public (the API's default is visible, so the first save would
 * otherwise publish a game that is still being written).
 */
export function newGameDefaults(now = Date.now()) {
  const defaults: Record<string, unknown> = {};
  for (const [field, meta] of Object.entries(models.GameInfoEditModel.fields)) {
    if ('default' in meta) defaults[field] = meta.default;
  }
  const start = Math.floor(now / MINUTE) * MINUTE;
  return {
    ...defaults,
    hidden: true,
    divisions: [],
    start,
    end: start + 48 * HOUR,
    writeupDeadline: start + 72 * HOUR,
  };
}

/** The writeup deadline matters, and is required, only while writeups are asked for. */
function WriteupDeadlineInput() {
  const writeups = useWatch({ name: 'writeupRequired' }) === true;
  return (
    <EpochDateTimeInput
      source="writeupDeadline"
      validate={writeups ? required() : undefined}
      helperText={writeups ? undefined : 'resources.games.helpers.writeupDeadline_off'}
    />
  );
}

/** The member limit steps aside in individual play (the server does not apply it): it says so. */
function MemberLimitInput() {
  const alone = useWatch({ name: 'playMode' }) === 'Individual';
  return (
    <NumberInput
      source="teamMemberCountLimit"
      min={0}
      step={1}
      helperText={
        alone ? 'individualPlay.console.member_limit_off' : 'resources.games.helpers.unlimited'
      }
      validate={[required(), spec('teamMemberCountLimit')]}
    />
  );
}

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate(`resources.games.sections.${title}`)}
      </Typography>
    </>
  );
}

const row = { direction: { xs: 'column', md: 'row' }, sx: { columnGap: 2 } } as const;

export function GameInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 900 }}>
      <TextInput
        source="title"
        validate={specValidator('GameInfoEditModel', 'title', { required: true })}
      />
      <TextInput
        source="summary"
        multiline
        minRows={2}
        parse={keepEmpty}
        validate={spec('summary')}
      />
      <MarkdownInput source="content" validate={spec('content')} />

      <Section title="schedule" />
      <Stack {...row}>
        <EpochDateTimeInput source="start" validate={required()} />
        <EpochDateTimeInput source="end" validate={[required(), endAfterStart]} />
      </Stack>
      <EpochDateTimeInput
        source="freezeTime"
        helperText="resources.games.helpers.freezeTime"
        validate={freezeWithinGame}
      />
      <ScoreVisibilityInput />
      <Stack {...row}>
        <BooleanInput source="hidden" helperText="resources.games.helpers.hidden" />
        <BooleanInput source="practiceMode" helperText="resources.games.helpers.practiceMode" />
      </Stack>

      <Section title="registration" />
      <PlayModeInput />
      <Stack {...row}>
        <BooleanInput
          source="acceptWithoutReview"
          helperText="resources.games.helpers.acceptWithoutReview"
        />
        <TextInput
          source="inviteCode"
          parse={keepEmpty}
          helperText="resources.games.helpers.inviteCode"
          validate={spec('inviteCode')}
        />
      </Stack>
      <Stack {...row}>
        <MemberLimitInput />
        <NumberInput
          source="containerCountLimit"
          min={0}
          step={1}
          helperText="resources.games.helpers.unlimited"
          validate={[required(), spec('containerCountLimit')]}
        />
      </Stack>
      <ArrayInput source="divisions" helperText="resources.games.helpers.divisions">
        <SimpleFormIterator
          inline
          disableReordering
          addButton={
            <AddRowButton
              label="resources.games.add_division"
              help="resources.games.add_division_help"
            />
          }
        >
          <TextInput
            source=""
            label="resources.games.fields.division"
            validate={divisionValidators}
          />
        </SimpleFormIterator>
      </ArrayInput>

      <Section title="writeups" />
      <Stack {...row}>
        <BooleanInput source="writeupRequired" />
        <WriteupDeadlineInput />
      </Stack>
      <TextInput
        source="writeupNote"
        multiline
        minRows={2}
        parse={keepEmpty}
        validate={spec('writeupNote')}
      />

      <Section title="scoring" />
      <BloodBonusInput />
      <SelectInput
        source="hintPolicy"
        label="pricedHints.console.policy"
        choices={hintPolicyChoices}
        defaultValue="AtUnlock"
      />
    </Stack>
  );
}
