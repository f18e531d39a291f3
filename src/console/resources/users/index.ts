/** The `users` resource of the console: `<Resource name="users" {...users} />`. */
import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '@/console/data/dataRoutes';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

const users = {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.userName ?? record.id,
};

export default users;
