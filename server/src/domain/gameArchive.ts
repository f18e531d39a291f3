/**
 * Game archives (export and import, a Vexil addition): the layout of the zip, its limits, and the
 * manifest's parts built from stored games and challenges. Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';
import type { Challenge } from '../db/repositories/challenges.js';
import type { Game } from '../db/repositories/games.js';
import { isContainerType } from './challengeEdit.js';
import { flagsProblem } from './flagMatch.js';
import { toGameInfoModel } from './gameInput.js';
import { REMOTE_URL_REFUSED, isWebUrl } from './remoteUrl.js';
import { hasConditions, type UnlockRule } from './unlocks/rules.js';
import { compactUtcStamp } from './writeupRules.js';

const unlockSettings = (rule: UnlockRule) => ({
  prerequisiteCount: rule.prerequisiteCount ?? 0,
  unlockScore: rule.unlockScore ?? 0,
  releaseTime: rule.releaseTime,
  showWhenLocked: rule.showWhenLocked,
  releaseNotice: rule.releaseNotice,
});

/** A challenge's prerequisites as positions in the archive's list (ids the archive lacks dropped). */
export function archivePrerequisites(
  rule: UnlockRule | undefined,
  positions: ReadonlyMap<number, number>,
): number[] | undefined {
  if (!rule || rule.prerequisites.length === 0) return undefined;
  return rule.prerequisites.flatMap((id) => {
    const at = positions.get(id);
    return at === undefined ? [] : [at];
  });
}

export type GameArchiveManifest = components['schemas']['GameArchiveManifest'];
export type GameArchiveChallenge = GameArchiveManifest['challenges'][number];
export type GameArchiveFlag = GameArchiveChallenge['flags'][number];
export type GameArchiveAttachment = NonNullable<GameArchiveChallenge['attachment']>;
export type GameArchiveFile = NonNullable<GameArchiveManifest['poster']>;

export const ARCHIVE_FORMAT = 'vexil-game';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'game.json';
const FILE_ENTRY = /^files\/([0-9a-f]{64})$/;

/** What an import agrees to unpack: enough for any real game, too little for a zip bomb. */
export const ARCHIVE_LIMITS = {
  entries: 10_000,
  unpackedBytes: 1024 * 1024 * 1024,
  manifestBytes: 64 * 1024 * 1024,
};

export const fileEntry = (hash: string): string => `files/${hash}`;

/** The content hash an entry name stands for, null for `game.json`, undefined for any other
 *  name (refused: an archive carries nothing else). */
export function entryHash(name: string): string | null | undefined {
  if (name === MANIFEST_ENTRY) return null;
  return FILE_ENTRY.exec(name)?.[1];
}

/**
 * What makes an entry name unsafe to unpack anywhere (a phrase for the 400's title), or null: an
 * absolute path (`/…`, `C:…`), a `..` segment, a backslash (a folder separator on Windows), a
 * control character. Checked before the name is compared with the names an archive may hold, so
 * the title says why rather than "unexpected".
 */
export function entryNameProblem(name: string): string | null {
  if (/^[/\\]/.test(name) || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.split(/[/\\]/).includes('..')) return 'a parent folder (..) in its path';
  if (name.includes('\\')) return 'a backslash in its path';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character in its name';
  return null;
}

const SHOWN_NAME_LENGTH = 120;

/**
 * An entry name as a 400's title may show it: control, invisible and direction-changing
 * characters as `\u` escapes (so the title cannot be made to read as something else), at most
 * 120 characters.
 */
export function shownEntryName(name: string): string {
  const escaped = name.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const chars = Array.from(escaped);
  return chars.length > SHOWN_NAME_LENGTH
    ? `${chars.slice(0, SHOWN_NAME_LENGTH).join('')}…`
    : escaped;
}

/** What an imported game's title ends with, so it is never taken for the original (plain
 *  English: a title is data, not interface text). */
export const IMPORTED_SUFFIX = ' (imported)';
const TITLE_LENGTH = 128;

/** The original title with IMPORTED_SUFFIX, shortened to keep within a title's 128 characters. */
export function importedTitle(title: string): string {
  const room = TITLE_LENGTH - IMPORTED_SUFFIX.length;
  const chars = Array.from(title);
  return `${chars.length > room ? chars.slice(0, room).join('').trimEnd() : title}${IMPORTED_SUFFIX}`;
}

/** `<game title>-<yyyyMMdd-HH.mm.ss>Z.zip`, in UTC. */
export const archiveName = (title: string, now: number): string =>
  `${title}-${compactUtcStamp(now)}Z.zip`;

/** The game's settings as the archive keeps them: the edit model without id, poster and key. */
export function toArchiveGame(game: Game): GameArchiveManifest['game'] {
  const { id: _id, poster: _poster, publicKey: _key, ...settings } = toGameInfoModel(game);
  return settings;
}

/**
 * Every setting of a challenge, in the shape of the challenge update model; its unlock settings
 * (issue 25) but the prerequisites, which the archive names by position (`prerequisites`).
 */
export function toArchiveSettings(
  challenge: Challenge,
  rule?: UnlockRule,
): GameArchiveChallenge['settings'] {
  return {
    ...(rule && hasConditions(rule) && unlockSettings(rule)),
    title: challenge.title,
    content: challenge.content,
    category: challenge.category,
    hints: challenge.hints,
    flagTemplate: challenge.flagTemplate,
    isEnabled: challenge.isEnabled,
    fileName: challenge.fileName,
    containerImage: challenge.containerImage,
    memoryLimit: challenge.memoryLimit,
    cpuCount: challenge.cpuCount,
    storageLimit: challenge.storageLimit,
    containerExposePort: challenge.containerExposePort,
    enableTrafficCapture: challenge.enableTrafficCapture,
    disableBloodBonus: challenge.disableBloodBonus,
    originalScore: challenge.originalScore,
    minScoreRate: challenge.minScoreRate,
    difficulty: challenge.difficulty,
    maxAttempts: challenge.maxAttempts,
    attemptWait: challenge.attemptWait,
  };
}

/** Every file the manifest names (the poster, unless left out, and attachments), once each. */
export function manifestFiles(
  manifest: GameArchiveManifest,
  { poster = true }: { poster?: boolean } = {},
): GameArchiveFile[] {
  const files = new Map<string, GameArchiveFile>();
  const add = (file: GameArchiveFile | null | undefined) => {
    if (file && !files.has(file.hash)) files.set(file.hash, file);
  };
  if (poster) add(manifest.poster);
  for (const challenge of manifest.challenges) {
    add(challenge.attachment?.file);
    for (const flag of challenge.flags) add(flag.attachment?.file);
  }
  return [...files.values()];
}

/**
 * The first thing in a valid manifest that an import cannot make (a 400 title), or null: a
 * challenge without a title, a `Local` attachment without its file, a `Remote` one without an
 * http(s) URL.
 */
export function manifestProblem(manifest: GameArchiveManifest): string | null {
  const attachmentProblem = (a: GameArchiveAttachment | null | undefined, where: string) => {
    if (!a) return null;
    if (a.type === 'Local' && !a.file) return `${where}: a Local attachment needs its file`;
    if (a.type === 'Remote' && !a.remoteUrl?.trim())
      return `${where}: a Remote attachment needs its URL`;
    if (a.type === 'Remote' && !isWebUrl(a.remoteUrl)) return `${where}: ${REMOTE_URL_REFUSED}`;
    return null;
  };
  for (const [index, challenge] of manifest.challenges.entries()) {
    const where = `challenges/${index}`;
    if (!challenge.settings.title) return `${where}: the challenge needs a title`;
    const flagProblem = flagsProblem(challenge.type, challenge.flags);
    const problem =
      attachmentProblem(challenge.attachment, `${where}/attachment`) ??
      challenge.flags
        .map((flag, i) => attachmentProblem(flag.attachment, `${where}/flags/${i}/attachment`))
        .find((p) => p !== null) ??
      (flagProblem && `${where}: ${flagProblem}`);
    if (problem) return problem;
  }
  return null;
}

/** Whether an imported challenge may stay enabled: the rules of enabling one by hand (a flag
 *  unless it is a dynamic container; an image if it runs a container). */
export const mayBeEnabled = (challenge: GameArchiveChallenge): boolean =>
  (challenge.type === 'DynamicContainer' || challenge.flags.length > 0) &&
  (!isContainerType(challenge.type) || Boolean(challenge.settings.containerImage?.trim()));
