import { Create, SimpleForm } from 'react-admin';
import { GameInputs, newGameDefaults } from './GameInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/** A new game opens in its edit page, where the poster can be uploaded. */
export function GameCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={newGameDefaults}>
        <UnsavedChangesGuard />
        <GameInputs />
      </SimpleForm>
    </Create>
  );
}
