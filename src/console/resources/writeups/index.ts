/**
 * The `writeups` resource, nested under a game and read only: a page at `/games/:id/writeups`
 * (registered in `<CustomRoutes>`), not a menu entry.
 */
import DescriptionIcon from '@mui/icons-material/Description';
import type { WriteupInfo } from '@/api/types';
import { WriteupList } from './WriteupList';

const writeups = {
  list: WriteupList,
  icon: DescriptionIcon,
  recordRepresentation: (record: WriteupInfo) => record.team.name ?? `#${record.team.id}`,
};

export default writeups;
