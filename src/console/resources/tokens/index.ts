/** The `tokens` resource of the console: `<Resource name="tokens" {...tokens} />` (issue 26). */
import KeyIcon from '@mui/icons-material/Key';
import { tokenLabel } from '@/console/data/tokenRoutes';
import { TokenList } from './TokenList';

const tokens = {
  list: TokenList,
  icon: KeyIcon,
  recordRepresentation: tokenLabel,
};

export default tokens;
