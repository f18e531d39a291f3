/**
 * The `participations` resource: the registrations of one game, reviewed on the game's Review page
 * (`/games/:id/review`, registered in `<CustomRoutes>`). `<Resource name="participations">` only
 * declares the resource (no menu entry: the page is reached from its game's tabs).
 */
import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { Participation } from '@/api/types';
import { ParticipationReview } from './ParticipationReview';
import { teamName } from './TeamCell';

const participations = {
  list: ParticipationReview,
  icon: HowToRegIcon,
  recordRepresentation: (record: Participation) => teamName(record.team),
};

export default participations;
