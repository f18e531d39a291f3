/**
 * Challenge containers (`containerPolicy`): how they are exposed, traffic capture, their lifetime,
 * extension and renewal window in minutes (ranges from the spec), and the exercise limit.
 */
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  required,
  useTranslate,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import { enums, models } from '@/api/formMeta.gen';
import type { ContainerPolicy } from '@/api/types';
import { specValidator } from '@/console/validate';
import { SettingsSection } from './SettingsSection';

const fields = models.ContainerPolicy.fields;
const MINUTE_FIELDS = ['defaultLifetime', 'extensionDuration', 'renewalWindow'] as const;

const portMappingChoices = enums.ContainerPortMappingType.map((id) => ({
  id,
  name: `resources.settings.port_mapping.${id}`,
}));

function MinutesInput({ source }: { source: (typeof MINUTE_FIELDS)[number] }) {
  const translate = useTranslate();
  const { minimum, maximum } = fields[source];
  return (
    <NumberInput
      source={source}
      min={minimum}
      max={maximum}
      step={1}
      validate={[required(), specValidator('ContainerPolicy', source)]}
      helperText={translate('resources.settings.helpers.minutes_range', {
        min: minimum,
        max: maximum,
      })}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {translate('resources.settings.minutes')}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function ContainerPolicySection({ record }: { record: ContainerPolicy | null | undefined }) {
  const translate = useTranslate();
  return (
    <SettingsSection name="containerPolicy" record={record}>
      <RadioButtonGroupInput
        source="portMapping"
        choices={portMappingChoices}
        row={false}
        helperText="resources.settings.helpers.portMapping"
      />
      <BooleanInput
        source="enableTrafficCapture"
        helperText="resources.settings.helpers.enableTrafficCapture"
      />
      <FormDataConsumer<ContainerPolicy>>
        {({ formData }) =>
          formData.enableTrafficCapture && formData.portMapping !== 'PlatformProxy' ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('resources.settings.capture_needs_proxy')}
            </Alert>
          ) : null
        }
      </FormDataConsumer>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ columnGap: 2 }}>
        {MINUTE_FIELDS.map((source) => (
          <MinutesInput key={source} source={source} />
        ))}
      </Stack>
      <BooleanInput
        source="autoDestroyOnLimitReached"
        helperText="resources.settings.helpers.autoDestroyOnLimitReached"
      />
      <NumberInput
        source="maxExerciseContainerCountPerUser"
        min={0}
        step={1}
        validate={[
          required(),
          specValidator('ContainerPolicy', 'maxExerciseContainerCountPerUser'),
        ]}
        helperText="resources.settings.helpers.maxExerciseContainerCountPerUser"
      />
    </SettingsSection>
  );
}
