/**
 * The fields of an award, shared by the give form and the edit dialog: the team (one registered
 * for the game), the points (negative to take), the reason and the time. Limits from the spec.
 */
import {
  NumberInput,
  SelectInput,
  TextInput,
  useGetList,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { Participation } from '@/api/types';
import { EpochDateTimeInput } from '@/console/inputs/EpochDateTimeInput';
import { specValidator } from '@/console/validate';
import { useIndividualPlay } from '@/lib/playMode';

const validateTeam = specValidator('AwardCreateModel', 'teamId', { required: true });
const validateValue = specValidator('AwardCreateModel', 'value', { required: true });
const validateReason = specValidator('AwardCreateModel', 'reason', { required: true });

/** A value of 0 gives nothing: the server refuses it too. */
const notZero = (value: unknown) =>
  Number(value) === 0 ? 'resources.awards.validation.not_zero' : undefined;

export function AwardInputs({ gameId }: { gameId: Identifier }) {
  const translate = useTranslate();
  const alone = useIndividualPlay();
  const { data: registrations = [], isPending } = useGetList<Participation>('participations', {
    pagination: { page: 1, perPage: 1000 },
    meta: { gameId },
  });
  const choices = registrations
    .filter((registration) => registration.status !== 'Rejected')
    .map((registration) => ({ id: registration.team.id, name: registration.team.name }));
  return (
    <>
      <SelectInput
        source="teamId"
        label={alone ? 'individualPlay.console.player' : 'resources.awards.fields.teamId'}
        choices={choices}
        isPending={isPending}
        validate={validateTeam}
        fullWidth
      />
      <NumberInput
        source="value"
        label="resources.awards.fields.value"
        helperText="resources.awards.value_help"
        step={1}
        validate={[validateValue, notZero]}
        fullWidth
      />
      <TextInput
        source="reason"
        label="resources.awards.fields.reason"
        helperText={translate('resources.awards.reason_help')}
        validate={validateReason}
        fullWidth
      />
      <EpochDateTimeInput
        source="time"
        label="resources.awards.fields.time"
        helperText="resources.awards.time_help"
        fullWidth
      />
    </>
  );
}
