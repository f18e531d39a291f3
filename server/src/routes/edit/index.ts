import type { Handlers } from '../../http/handlers.js';
import { editAwardHandlers } from './awards.js';
import { editHintHandlers } from './hints.js';
import { editChallengeFileHandlers } from './challengeFiles.js';
import { editChallengeHandlers } from './challenges.js';
import { editFlagTryHandlers } from './flagTry.js';
import { editGameArchiveHandlers } from './gameArchive.js';
import { editGameHandlers } from './games.js';
import { editNoticeHandlers } from './notices.js';
import { editPostHandlers } from './posts.js';
import { editTestContainerHandlers } from './testContainers.js';

/** Game authoring (/api/edit/*). */
export const editHandlers: Handlers = {
  ...editPostHandlers,
  ...editGameHandlers,
  ...editGameArchiveHandlers,
  ...editNoticeHandlers,
  ...editChallengeHandlers,
  ...editChallengeFileHandlers,
  ...editFlagTryHandlers,
  ...editTestContainerHandlers,
  ...editAwardHandlers,
  ...editHintHandlers,
};
