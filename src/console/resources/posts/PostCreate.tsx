import { Create, SimpleForm } from 'react-admin';
import { newPostDefaults, PostInputs } from './PostInputs';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/** Writes a new post; the list shows it in its place. */
export function PostCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={newPostDefaults}>
        <UnsavedChangesGuard />
        <PostInputs />
      </SimpleForm>
    </Create>
  );
}
