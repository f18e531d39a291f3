/** The `games` resource of the console: `<Resource name="games" {...games} />`. */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { Game } from '@/api/types';
import { GameCreate } from './GameCreate';
import { GameEdit } from './GameEdit';
import { GameList } from './GameList';

const games = {
  list: GameList,
  edit: GameEdit,
  infoPath: GameEdit.infoPath,
  create: GameCreate,
  icon: EmojiEventsIcon,
  recordRepresentation: (record: Game) => record.title,
};

export default games;
