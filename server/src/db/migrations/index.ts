// Every migration, by name. Names sort in the order they apply; never rename or edit one that
// has shipped — add the next file (`0002_….ts`) and register it here.
import type { VexilMigration } from './columns.js';
import { initial } from './0001_initial.js';
import { files } from './0002_files.js';
import { competition } from './0004_competition.js';
import { teams } from './0003_teams.js';
import { solveOrder } from './0005_solve_order.js';
import { containers } from './0006_containers.js';
import { boardIndexes } from './0007_board_indexes.js';
import { fileContentTypes } from './0008_file_content_types.js';
import { submissionClaims } from './0009_submission_claims.js';
import { teamContainerLease } from './0010_team_container_lease.js';
import { scoreboardFreeze } from './0011_scoreboard_freeze.js';
import { webhooks } from './0012_webhooks.js';
import { webhookFreezeHold } from './0013_webhook_freeze_hold.js';
import { webhookFreezeChoice } from './0014_webhook_freeze_choice.js';
import { containerStartQueue } from './0015_container_start_queue.js';
import { flagMatchMode } from './0016_flag_match_mode.js';
import { attemptLimits } from './0017_attempt_limits.js';
import { awards } from './0018_awards.js';
import { challengeUnlocks } from './0019_challenge_unlocks.js';
import { pricedHints } from './0020_priced_hints.js';
import { scoreVisibility } from './0021_score_visibility.js';
import { individualPlay } from './0022_individual_play.js';
import { apiTokens } from './0023_api_tokens.js';
import { twoStep } from './0025_two_step.js';
import { passkeys } from './0026_passkeys.js';
import { singleSignOn } from './0024_single_sign_on.js';

export type { VexilMigration } from './columns.js';

export const migrations: Record<string, VexilMigration> = {
  '0001_initial': initial,
  '0002_files': files,
  '0003_teams': teams,
  '0004_competition': competition,
  '0005_solve_order': solveOrder,
  '0006_containers': containers,
  '0007_board_indexes': boardIndexes,
  '0008_file_content_types': fileContentTypes,
  '0009_submission_claims': submissionClaims,
  '0010_team_container_lease': teamContainerLease,
  '0011_scoreboard_freeze': scoreboardFreeze,
  '0012_webhooks': webhooks,
  '0013_webhook_freeze_hold': webhookFreezeHold,
  '0014_webhook_freeze_choice': webhookFreezeChoice,
  '0015_container_start_queue': containerStartQueue,
  '0016_flag_match_mode': flagMatchMode,
  '0017_attempt_limits': attemptLimits,
  '0018_awards': awards,
  '0019_challenge_unlocks': challengeUnlocks,
  '0020_priced_hints': pricedHints,
  '0021_score_visibility': scoreVisibility,
  '0022_individual_play': individualPlay,
  '0023_api_tokens': apiTokens,
  '0025_two_step': twoStep,
  '0026_passkeys': passkeys,
  '0024_single_sign_on': singleSignOn,
};
