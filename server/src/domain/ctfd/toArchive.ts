/**
 * A CTFd export as a Vexil game archive's manifest, with a note for everything that does not map
 * exactly (what the organiser reads after the import). The import then goes through the game
 * archive's own import, with its checks and its single transaction. Pure: the files were unpacked
 * (and, where a challenge has several, zipped together) by the caller.
 */
import type { components } from '#wire/schema.gen.js';
import type { GameArchiveChallenge, GameArchiveFile, GameArchiveManifest } from '../gameArchive.js';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '../gameArchive.js';
import { patternProblem } from '../flagMatch.js';
import type { PlayMode } from '../playMode.js';
import type { ScoreVisibility } from '../scoreVisibility.js';
import { DEFAULT_DIFFICULTY, fitCtfdDecay } from './dynamicFit.js';
import { note, type CtfdImportNote } from './notes.js';
import type { CtfdChallenge, CtfdTables } from './tables.js';

type Category = components['schemas']['ChallengeCategory'];

/** A challenge's attachment as the caller made it from the export's files. */
export interface CtfdAttachment {
  /** Null when every file it named is missing from the export. */
  file: GameArchiveFile | null;
  notes: CtfdImportNote[];
}

export interface MappedChallenge {
  ctfdId: number;
  name: string;
  /** Its place in the manifest's challenges, or null when it is not imported. */
  index: number | null;
  notes: CtfdImportNote[];
}

export interface CtfdMapping {
  manifest: GameArchiveManifest;
  challenges: MappedChallenge[];
  notes: CtfdImportNote[];
}

/** Vexil's flags hold at most this many characters (GameArchiveFlag, FlagCreateModel). */
const FLAG_LENGTH = 127;
const HINT_LENGTH = 4096;
/** The highest cost a priced hint may have (PricedHintEditModel.cost). */
const MAX_HINT_COST = 1_000_000;
const TITLE_LENGTH = 128;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const IMPORTED_TYPES = new Set(['standard', 'dynamic']);

/** CTFd tables that belong to an event, not to its game: counted, never imported. */
const EVENT_TABLES = [
  'users',
  'teams',
  'submissions',
  'solves',
  'awards',
  'unlocks',
  'notifications',
  'pages',
  'comments',
  'tokens',
  'tracking',
  'brackets',
  'fields',
  'field_entries',
  'ratings',
  'solutions',
  'topics',
  'challenge_topics',
];

const CATEGORY_NAMES: [RegExp, Category][] = [
  [/^misc(ellaneous)?$/, 'Misc'],
  [/^crypto(graphy)?$/, 'Crypto'],
  [/^(pwn|pwning|binary|exploit(ation)?|binary exploitation)$/, 'Pwn'],
  [/^web( exploitation)?$/, 'Web'],
  [/^(re|rev|reverse|reversing|reverse engineering)$/, 'Reverse'],
  [/^blockchain$/, 'Blockchain'],
  [/^forensics?$/, 'Forensics'],
  [/^hardware$/, 'Hardware'],
  [/^mobile$/, 'Mobile'],
  [/^(ppc|programming|coding)$/, 'PPC'],
  [/^(ai|ml|machine learning)$/, 'AI'],
  [/^(pentest|pentesting)$/, 'Pentest'],
  [/^osint$/, 'OSINT'],
];

function categoryOf(name: string, notes: CtfdImportNote[]): Category {
  const key = name.trim().toLowerCase();
  const found = CATEGORY_NAMES.find(([pattern]) => pattern.test(key))?.[1];
  if (found) return found;
  notes.push(note('CategoryReplaced', { from: name, to: 'Misc' }));
  return 'Misc';
}

/** A CTFd time setting (epoch seconds, as text) in epoch ms, or null when unset. */
function configTime(tables: CtfdTables, key: string): number | null {
  const value = Number(tables.config.get(key) ?? '');
  return Number.isFinite(value) && value > 0 ? value * 1000 : null;
}

/**
 * CTFd's `score_visibility` as Vexil's (issue 25): `public` → Public, `private` (signed-in users)
 * → SignedIn, `hidden` and `admins` → Organisers. Unset or unknown: CTFd's default, public. CTFd
 * keeps the scores hidden after the end too; Vexil shows them from the end, as it always does.
 */
function scoreVisibilityOf(tables: CtfdTables): ScoreVisibility {
  switch (tables.config.get('score_visibility')?.trim().toLowerCase()) {
    case 'private':
      return 'SignedIn';
    case 'hidden':
    case 'admins':
      return 'Organisers';
    default:
      return 'Public';
  }
}

/**
 * CTFd's `user_mode` as Vexil's play mode (issue 25): `users` (every user plays alone) →
 * Individual; `teams`, unset or unknown → Teams.
 */
const playModeOf = (tables: CtfdTables): PlayMode =>
  tables.config.get('user_mode')?.trim().toLowerCase() === 'users' ? 'Individual' : 'Teams';

function gameOf(tables: CtfdTables, now: number, notes: CtfdImportNote[]) {
  const name = tables.config.get('ctf_name')?.trim() || 'CTFd event';
  let start = configTime(tables, 'start');
  let end = configTime(tables, 'end');
  if (start === null || end === null || end <= start) {
    notes.push(note('GameTimesDefaulted'));
    start ??= now;
    if (end === null || end <= start) end = start + WEEK_MS;
  }
  const freeze = configTime(tables, 'freeze');
  const teamSize = Number(tables.config.get('team_size') ?? '');
  return {
    title: Array.from(name).slice(0, TITLE_LENGTH).join(''),
    content: tables.config.get('ctf_description') ?? '',
    // CTFd's team size (empty: no limit) is Vexil's member limit (0: no limit).
    teamMemberCountLimit: Number.isInteger(teamSize) && teamSize > 0 ? teamSize : 0,
    start,
    end,
    freezeTime: freeze !== null && freeze > start && freeze < end ? freeze : null,
    scoreVisibility: scoreVisibilityOf(tables),
    playMode: playModeOf(tables),
  };
}

function scoreOf(challenge: CtfdChallenge, tables: CtfdTables, notes: CtfdImportNote[]) {
  const flat = {
    originalScore: Math.max(0, challenge.value),
    minScoreRate: 1,
    difficulty: DEFAULT_DIFFICULTY,
  };
  if (challenge.type !== 'dynamic') return flat;
  const stored = tables.dynamic.get(challenge.id);
  const decay =
    challenge.initial !== null && challenge.minimum !== null && challenge.decay !== null
      ? {
          initial: challenge.initial,
          minimum: challenge.minimum,
          decay: challenge.decay,
          function:
            challenge.function && challenge.function !== 'static'
              ? challenge.function
              : 'logarithmic',
        }
      : stored;
  if (!decay) return flat;
  const fit = fitCtfdDecay(decay);
  if (fit.maxDifference > 0) {
    notes.push(
      note('DynamicScoreApproximated', {
        function: decay.function,
        initial: decay.initial,
        minimum: decay.minimum,
        decay: decay.decay,
        difficulty: fit.difficulty,
        maxDifference: fit.maxDifference,
        atSolves: fit.atSolves,
      }),
    );
  }
  return {
    originalScore: fit.originalScore,
    minScoreRate: fit.minScoreRate,
    difficulty: fit.difficulty,
  };
}

/**
 * CTFd's flags: `static` (exact, or `case_insensitive` in its data) and `regex` (Python's `re`,
 * matched against the whole answer, `case_insensitive` as the IGNORECASE flag), as Vexil's match
 * modes. A pattern RE2 cannot run (back-references, look-arounds) is left out, with RE2's reason.
 */
function flagsOf(challenge: CtfdChallenge, tables: CtfdTables, notes: CtfdImportNote[]) {
  const flags: GameArchiveChallenge['flags'] = [];
  for (const flag of tables.flags.filter((f) => f.challengeId === challenge.id)) {
    const content = flag.content.trim();
    if (!content) continue;
    const caseInsensitive = flag.data === 'case_insensitive';
    if (flag.type !== 'static' && flag.type !== 'regex') {
      notes.push(note('FlagTypeNotSupported', { type: flag.type }));
      continue;
    }
    const text = flag.type === 'regex' && caseInsensitive ? `(?i)${content}` : content;
    if (Array.from(text).length > FLAG_LENGTH) {
      notes.push(note('FlagTooLong', { length: Array.from(text).length, limit: FLAG_LENGTH }));
      continue;
    }
    if (flag.type === 'regex') {
      const problem = patternProblem(text);
      if (problem) {
        notes.push(note('FlagRegexNotSupported', { pattern: content, reason: problem }));
        continue;
      }
      flags.push({ flag: text, matchMode: 'Regex' });
      continue;
    }
    flags.push({ flag: text, matchMode: caseInsensitive ? 'CaseInsensitive' : 'Exact' });
  }
  return flags;
}

/**
 * CTFd's hints: free ones become the challenge's free `hints` (the reference list), costed ones
 * its priced hints (issue 25) at the same cost. Who bought them (`unlocks`) is event data and
 * stays out like solves.
 */
function hintsOf(challenge: CtfdChallenge, tables: CtfdTables, notes: CtfdImportNote[]) {
  const hints: string[] = [];
  const pricedHints: { content: string; cost: number }[] = [];
  for (const hint of tables.hints.filter((h) => h.challengeId === challenge.id)) {
    if (hint.prerequisites.length > 0) notes.push(note('HintRequirementsNotSupported'));
    const text = hint.title ? `**${hint.title}**: ${hint.content}` : hint.content;
    if (!text.trim()) continue;
    const content = Array.from(text).slice(0, HINT_LENGTH).join('');
    if (hint.cost > 0) pricedHints.push({ content, cost: Math.min(hint.cost, MAX_HINT_COST) });
    else hints.push(content);
  }
  return { hints, pricedHints };
}

function descriptionOf(challenge: CtfdChallenge, notes: CtfdImportNote[]): string {
  let content = challenge.description;
  if (challenge.connectionInfo?.trim()) {
    content += `\n\n${challenge.connectionInfo.trim()}`;
    notes.push(note('ConnectionInfoInDescription'));
  }
  if (challenge.attribution?.trim()) {
    content += `\n\n${challenge.attribution.trim()}`;
    notes.push(note('AttributionInDescription'));
  }
  return content;
}

/** What of a challenge's CTFd links Vexil has no counterpart for: reported, left out. */
function unmappedLinks(
  challenge: CtfdChallenge,
  tables: CtfdTables,
  byId: Map<number, CtfdChallenge>,
  notes: CtfdImportNote[],
) {
  if (challenge.nextId !== null) {
    notes.push(
      note('NextChallengeNotMapped', {
        name: byId.get(challenge.nextId)?.name ?? `#${challenge.nextId}`,
      }),
    );
  }
  const tags = tables.tags.filter((t) => t.challengeId === challenge.id).map((t) => t.value);
  if (tags.length > 0) notes.push(note('TagsNotImported', { tags: tags.join(', ') }));
}

/**
 * CTFd's prerequisites (all of them must be solved) as positions in the archive, once every
 * challenge has its place; one that was not imported is dropped, and said so. CTFd hides a locked
 * challenge unless `anonymize` shows it without its name; Vexil shows it with what opens it.
 */
function linkPrerequisites(
  tables: CtfdTables,
  mapped: MappedChallenge[],
  archived: GameArchiveChallenge[],
) {
  const position = new Map(mapped.map((m) => [m.ctfdId, m.index]));
  const names = new Map(tables.challenges.map((c) => [c.id, c.name]));
  for (const challenge of tables.challenges) {
    const index = position.get(challenge.id);
    if (index === null || index === undefined || challenge.prerequisites.length === 0) continue;
    const own = mapped.find((m) => m.ctfdId === challenge.id) as MappedChallenge;
    const kept: number[] = [];
    const dropped: string[] = [];
    for (const id of challenge.prerequisites) {
      const at = position.get(id);
      if (at === null || at === undefined || at === index) dropped.push(names.get(id) ?? `#${id}`);
      else if (!kept.includes(at)) kept.push(at);
    }
    if (dropped.length > 0) {
      own.notes.push(note('PrerequisitesNotImported', { names: dropped.join(', ') }));
    }
    if (kept.length === 0) continue;
    archived[index].prerequisites = kept;
    archived[index].settings.showWhenLocked = challenge.anonymize;
    if (challenge.anonymize) own.notes.push(note('LockedShownWithRequirements'));
  }
}

export function ctfdToArchive(
  tables: CtfdTables,
  attachments: Map<number, CtfdAttachment>,
  now: number,
): CtfdMapping {
  const notes: CtfdImportNote[] = [];
  const game = gameOf(tables, now, notes);
  const byId = new Map(tables.challenges.map((c) => [c.id, c]));
  const archived: GameArchiveChallenge[] = [];
  const challenges: MappedChallenge[] = [];
  for (const challenge of tables.challenges) {
    const mapped: MappedChallenge = {
      ctfdId: challenge.id,
      name: challenge.name,
      index: null,
      notes: [],
    };
    challenges.push(mapped);
    if (!IMPORTED_TYPES.has(challenge.type)) {
      mapped.notes.push(note('ChallengeTypeNotSupported', { type: challenge.type }));
      continue;
    }
    if (!challenge.name.trim()) {
      mapped.notes.push(note('ChallengeWithoutName'));
      continue;
    }
    const category = categoryOf(challenge.category, mapped.notes);
    const content = descriptionOf(challenge, mapped.notes);
    const score = scoreOf(challenge, tables, mapped.notes);
    const flags = flagsOf(challenge, tables, mapped.notes);
    const { hints, pricedHints } = hintsOf(challenge, tables, mapped.notes);
    unmappedLinks(challenge, tables, byId, mapped.notes);
    const attachment = attachments.get(challenge.id);
    if (attachment) mapped.notes.push(...attachment.notes);
    const hidden = challenge.state === 'hidden';
    if (hidden) mapped.notes.push(note('HiddenImportedDisabled'));
    else if (flags.length === 0) mapped.notes.push(note('NoFlagImportedDisabled'));
    mapped.index = archived.length;
    archived.push({
      type: 'StaticAttachment',
      settings: {
        title: Array.from(challenge.name.trim()).slice(0, TITLE_LENGTH).join(''),
        content,
        category,
        hints,
        isEnabled: !hidden && flags.length > 0,
        maxAttempts: Math.max(0, challenge.maxAttempts),
        ...score,
      },
      ...(pricedHints.length > 0 && { pricedHints }),
      attachment: attachment?.file ? { type: 'Local', file: attachment.file } : null,
      flags,
    });
  }
  linkPrerequisites(tables, challenges, archived);
  const leftOut = EVENT_TABLES.map((table) => [table, tables.counts.get(table) ?? 0] as const)
    .filter(([, count]) => count > 0)
    .map(([table, count]) => `${table} (${count})`);
  if (leftOut.length > 0) notes.push(note('TableNotImported', { tables: leftOut.join(', ') }));
  return {
    manifest: {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: now,
      game,
      poster: null,
      challenges: archived,
    },
    challenges,
    notes,
  };
}
