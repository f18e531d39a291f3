import type { Handlers } from '../../http/handlers.js';
import { gameAwardHandlers } from './awards.js';
import { gameCaptureHandlers } from './captures.js';
import { gameChallengeHandlers } from './challenge.js';
import { gameContainerHandlers } from './containers.js';
import { gameFeedHandlers } from './feed.js';
import { gameHintHandlers } from './hints.js';
import { gameListHandlers } from './games.js';
import { gameJoinHandlers } from './join.js';
import { gameMonitorHandlers } from './monitor.js';
import { scoreboardHandlers } from './scoreboard.js';
import { gameSheetHandlers } from './submissionSheet.js';
import { gameSubmitHandlers } from './submit.js';
import { gameWriteupHandlers } from './writeup.js';

/** Playing games (/api/game/*); scoreboards come from scoreboard.ts. */
export const gameHandlers: Handlers = {
  ...gameListHandlers,
  ...gameJoinHandlers,
  ...gameFeedHandlers,
  ...gameMonitorHandlers,
  ...gameSheetHandlers,
  ...gameChallengeHandlers,
  ...gameContainerHandlers,
  ...gameSubmitHandlers,
  ...gameWriteupHandlers,
  ...scoreboardHandlers,
  ...gameCaptureHandlers,
  ...gameAwardHandlers,
  ...gameHintHandlers,
};
