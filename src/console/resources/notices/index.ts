/**
 * The `notices` resource, nested under a game: a page at `/games/:id/notices` (registered in
 * `<CustomRoutes>`), not a menu entry.
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import type { GameNotice } from '@/api/types';
import { NoticeList } from './NoticeList';

const notices = {
  list: NoticeList,
  icon: CampaignIcon,
  recordRepresentation: (record: GameNotice) => `#${record.id}`,
};

export default notices;
