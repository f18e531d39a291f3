/** Challenges on the wire for organisers: the list row and the full edit form. */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { attachmentViews } from '../../db/repositories/attachments.js';
import type { Challenge } from '../../db/repositories/challenges.js';
import { findTestContainer } from '../../db/repositories/containers.js';
import { listFlags } from '../../db/repositories/flags.js';
import { storedRule } from '../../services/unlocks/unlockEdits.js';
import type { DB } from '../../db/schema.js';
import { dynamicScore, minScore } from '../../domain/challengeEdit.js';
import { toContainerInfo } from '../../domain/containers.js';
import type { UnlockRule } from '../../domain/unlocks/rules.js';
import { toUnlockModel, unlockFieldsOf } from './unlockModels.js';

type ChallengeInfoModel = components['schemas']['ChallengeInfoModel'];
type ChallengeEditDetailModel = components['schemas']['ChallengeEditDetailModel'];

export const toChallengeInfo = (c: Challenge, rule?: UnlockRule): ChallengeInfoModel => ({
  id: c.id,
  title: c.title,
  category: c.category,
  type: c.type,
  isEnabled: c.isEnabled,
  score: dynamicScore(c),
  minScore: minScore(c),
  originalScore: c.originalScore,
  acceptedCount: c.acceptedCount,
  ...toUnlockModel(rule),
});

/** The edit form with the shared attachment, the stored flags (none for DynamicContainer) and the
 *  organiser's test container. */
export async function toChallengeDetail(
  db: Kysely<DB>,
  c: Challenge,
): Promise<ChallengeEditDetailModel> {
  const unlock = unlockFieldsOf(await storedRule(db, c.gameId, c.id));
  const flags = c.type === 'DynamicContainer' ? [] : await listFlags(db, c.id);
  const views = await attachmentViews(db, [c.attachmentId, ...flags.map((f) => f.attachmentId)]);
  const view = (id: number | null) => (id === null ? null : (views.get(id) ?? null));
  const testContainer = await findTestContainer(db, c.id);
  return {
    id: c.id,
    title: c.title,
    content: c.content,
    category: c.category,
    type: c.type,
    hints: c.hints,
    flagTemplate: c.flagTemplate,
    isEnabled: c.isEnabled,
    ...unlock,
    acceptedCount: c.acceptedCount,
    fileName: c.fileName,
    attachment: view(c.attachmentId),
    testContainer: testContainer && toContainerInfo(testContainer),
    flags: flags.map((f) => ({
      id: f.id,
      flag: f.flag,
      attachment: view(f.attachmentId),
      occupied: f.occupied,
      matchMode: f.matchMode,
    })),
    containerImage: c.containerImage,
    memoryLimit: c.memoryLimit,
    cpuCount: c.cpuCount,
    storageLimit: c.storageLimit,
    containerExposePort: c.containerExposePort,
    enableTrafficCapture: c.enableTrafficCapture,
    disableBloodBonus: c.disableBloodBonus,
    originalScore: c.originalScore,
    minScoreRate: c.minScoreRate,
    difficulty: c.difficulty,
    maxAttempts: c.maxAttempts,
    attemptWait: c.attemptWait,
  };
}
