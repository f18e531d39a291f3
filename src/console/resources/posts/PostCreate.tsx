import { Create, SimpleForm } from 'react-admin';
import { newPostDefaults, PostInputs } from './PostInputs';

/** Writes a new post; the list shows it in its place. */
export function PostCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={newPostDefaults}>
        <PostInputs />
      </SimpleForm>
    </Create>
  );
}
