/** A new challenge of a game (`/games/:id/challenges/create`); it opens in its edit page. */
import { Create, SimpleForm } from 'react-admin';
import { models } from '@/api/formMeta.gen';
import { consolePaths } from '@/console/paths';
import { ChallengeIdentityInputs } from './ChallengeInputs';
import { useGameMeta } from '@/console/data/kit';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

const { category, type } = models.ChallengeCreateModel.fields;

export function ChallengeCreate() {
  const meta = useGameMeta();
  return (
    <Create
      resource="challenges"
      mutationOptions={{ meta }}
      redirect={(_resource, id) => consolePaths.challenge(meta.gameId, id!)}
    >
      <SimpleForm defaultValues={{ category: category.default, type: type.default }}>
        <UnsavedChangesGuard />
        <ChallengeIdentityInputs />
      </SimpleForm>
    </Create>
  );
}

ChallengeCreate.path = '/games/:id/challenges/create';
