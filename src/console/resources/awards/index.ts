/**
 * The `awards` resource, nested under a game (issue 25): a page at `/games/:id/awards`
 * (registered in `<CustomRoutes>`), not a menu entry.
 */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { Award } from '@/api/types';
import { AwardList } from './AwardList';

const awards = {
  list: AwardList,
  icon: EmojiEventsIcon,
  recordRepresentation: (record: Award) => `#${record.id}`,
};

export default awards;
