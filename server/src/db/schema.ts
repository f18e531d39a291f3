// The Kysely type of the whole database, assembled from the table types in ./tables/ (one module
// per subject). Column names are snake_case as in SQL; repositories map rows to camelCase domain
// objects. Column conventions (timestamps, 0/1 booleans) are in ./tables/columns.ts.
import type { AccountTables } from './tables/accounts.js';
import type { ApiTokenTables } from './tables/apiTokens.js';
import type { AwardTables } from './tables/awards.js';
import type { ChallengeTables } from './tables/challenges.js';
import type { ContainerTables } from './tables/containers.js';
import type { HintTables } from './tables/hints.js';
import type { GameTables } from './tables/games.js';
import type { ParticipationTables } from './tables/participations.js';
import type { PasskeyTables } from './tables/passkeys.js';
import type { PlatformTables } from './tables/platform.js';
import type { PostTables } from './tables/posts.js';
import type { SsoTables } from './tables/sso.js';
import type { TeamTables } from './tables/teams.js';
import type { TwoStepTables } from './tables/twoStep.js';
import type { UnlockTables } from './tables/unlocks.js';
import type { WebhookTables } from './tables/webhooks.js';

export interface DB
  extends
    AccountTables,
    TeamTables,
    GameTables,
    ChallengeTables,
    ParticipationTables,
    ContainerTables,
    PostTables,
    PlatformTables,
    WebhookTables,
    AwardTables,
    UnlockTables,
    HintTables,
    ApiTokenTables,
    TwoStepTables,
    PasskeyTables,
    SsoTables {}
