/**
 * The `challenges` resource, nested under a game. Its pages own their routes (`Page.path`,
 * relative to `/admin`) and are registered in `<CustomRoutes>`; `<Resource name="challenges">`
 * only declares the resource (no menu entry: challenges are reached from their game).
 */
import ExtensionIcon from '@mui/icons-material/Extension';
import type { ChallengeInfo } from '@/api/types';
import { ChallengeCreate } from './ChallengeCreate';
import { ChallengeEdit } from './ChallengeEdit';
import { ChallengeList } from './ChallengeList';

const challenges = {
  list: ChallengeList,
  edit: ChallengeEdit,
  create: ChallengeCreate,
  icon: ExtensionIcon,
  recordRepresentation: (record: Pick<ChallengeInfo, 'title'>) => record.title,
};

export default challenges;
