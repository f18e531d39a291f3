/** The `teams` resource of the console: `<Resource name="teams" {...teams} />`. */
import GroupsIcon from '@mui/icons-material/Groups';
import type { TeamInfo } from '@/api/types';
import { TeamEdit } from './TeamEdit';
import { TeamList } from './TeamList';

const teams = {
  list: TeamList,
  edit: TeamEdit,
  icon: GroupsIcon,
  recordRepresentation: (record: TeamInfo) => record.name ?? `#${record.id}`,
};

export default teams;
