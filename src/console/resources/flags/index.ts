/**
 * The `flags` resource, nested under a challenge: a page at `/games/:id/challenges/:chalId/flags`
 * (registered in `<CustomRoutes>`), not a menu entry.
 */
import FlagIcon from '@mui/icons-material/Flag';
import type { FlagInfo } from '@/api/types';
import { FlagList } from './FlagList';

const flags = {
  list: FlagList,
  icon: FlagIcon,
  recordRepresentation: (record: FlagInfo) => record.flag,
};

export default flags;
