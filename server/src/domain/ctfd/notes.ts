/**
 * The notes of a CTFd import report: a code a client translates with its params, a severity, and
 * the same in plain English (for scripts and the admin log).
 */
import type { components } from '#wire/schema.gen.js';

export type CtfdImportNote = components['schemas']['CtfdImportNote'];
export type CtfdImportNoteCode = CtfdImportNote['code'];
type Params = Record<string, string | number>;

const SKIPPED = 'Skipped';
const ADAPTED = 'Adapted';
const APPROXIMATED = 'Approximated';

const NOTES: Record<CtfdImportNoteCode, [CtfdImportNote['severity'], (p: Params) => string]> = {
  ChallengeTypeNotSupported: [
    SKIPPED,
    (p) => `CTFd's "${p.type}" challenges have no Vexil counterpart: not imported`,
  ],
  ChallengeWithoutName: [SKIPPED, () => 'The challenge has no name: not imported'],
  CategoryReplaced: [
    ADAPTED,
    (p) => `Category "${p.from}" is not one of Vexil's: imported as ${p.to}`,
  ],
  DynamicScoreApproximated: [
    APPROXIMATED,
    (p) =>
      `CTFd's ${p.function} decay (initial ${p.initial}, minimum ${p.minimum}, decay ${p.decay}) follows another curve than Vexil's: ` +
      `imported with difficulty ${p.difficulty}; the values differ by at most ${p.maxDifference} points (at ${p.atSolves} solves)`,
  ],
  FlagTypeNotSupported: [SKIPPED, (p) => `A flag of CTFd type "${p.type}" was not imported`],
  FlagTooLong: [
    SKIPPED,
    (p) =>
      `A flag of ${p.length} characters was not imported (Vexil's flags hold at most ${p.limit})`,
  ],
  FlagRegexNotSupported: [
    SKIPPED,
    (p) =>
      `The regular-expression flag ${p.pattern} was not imported: Vexil's linear-time engine cannot run it (${p.reason})`,
  ],
  PrerequisitesNotImported: [
    SKIPPED,
    (p) => `Prerequisites that were not imported (${p.names}) no longer hold it back`,
  ],
  LockedShownWithRequirements: [
    ADAPTED,
    () => 'CTFd showed it anonymised while locked; Vexil shows it locked with what opens it',
  ],
  HintRequirementsNotSupported: [
    ADAPTED,
    () => 'A hint that needed other hints unlocked first was imported without that order',
  ],
  NextChallengeNotMapped: [
    SKIPPED,
    (p) => `CTFd's "next challenge" link (to ${p.name}) has no Vexil counterpart`,
  ],
  FilesBundled: [
    ADAPTED,
    (p) =>
      `Its ${p.count} files were put in one zip, ${p.fileName} (a Vexil challenge has one attachment)`,
  ],
  FileMissing: [
    SKIPPED,
    (p) => `The file ${p.location} is named in db/files.json but missing from the export`,
  ],
  TagsNotImported: [SKIPPED, (p) => `Tags (${p.tags}) were not imported: Vexil has no tags`],
  ConnectionInfoInDescription: [
    ADAPTED,
    () => 'Its connection info was added to the end of the description',
  ],
  AttributionInDescription: [
    ADAPTED,
    () => 'Its attribution was added to the end of the description',
  ],
  HiddenImportedDisabled: [ADAPTED, () => 'Hidden in CTFd: imported disabled'],
  NoFlagImportedDisabled: [ADAPTED, () => 'No flag could be imported: imported disabled'],
  TableNotImported: [
    SKIPPED,
    (p) => `Not imported, since an import brings a game's content, not its event: ${p.tables}`,
  ],
  GameTimesDefaulted: [
    ADAPTED,
    () =>
      "The export does not set both the game's start and end: the missing one was set (start now, end a week after the start). Set the game's times before opening it",
  ],
  // No longer given: CTFd's `users` mode maps to individual play (issue 25). The code stays in the
  // spec's enum so that reports stored or shown by older clients still read.
  UserModeNotMapped: [
    ADAPTED,
    () =>
      'The CTFd event was played by individual users: the imported game is played by teams (teams of one work)',
  ],
};

export function note(code: CtfdImportNoteCode, params: Params = {}): CtfdImportNote {
  const [severity, message] = NOTES[code];
  return { code, severity, params, message: message(params) };
}
