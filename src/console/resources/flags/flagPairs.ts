/**
 * The rows of the "flags with their files" table of dynamic-attachment challenges: each row is a
 * flag and its own file (uploaded, then linked by hash) or URL. Pure: the component keeps the rows.
 */
import { enumChoices, fieldValidator, type ValidationMessage } from '@/api/validation';
import type { FileType, FlagCreate } from '@/api/types';

/** Where a row's file comes from: an upload (`Local`) or a URL (`Remote`). */
export type PairSource = Exclude<FileType, 'None'>;

export const pairSources = enumChoices('FileType').filter(
  (type): type is PairSource => type !== 'None',
);

export interface FlagPair {
  key: number;
  flag: string;
  source: PairSource;
  file?: File;
  /** The file's hash once uploaded: a retry after a refused batch does not upload it again. */
  hash?: string;
  url: string;
}

export interface PairErrors {
  flag?: ValidationMessage;
  file?: ValidationMessage | { message: 'resources.flags.pairs.file_required' };
  url?: ValidationMessage;
}

let lastKey = 0;

export const emptyPair = (overrides: Partial<FlagPair> = {}): FlagPair => ({
  key: ++lastKey,
  flag: '',
  source: 'Local',
  url: '',
  ...overrides,
});

const isBlank = (pair: FlagPair) => pair.flag.trim() === '' && !pair.file && pair.url.trim() === '';

/** The rows after a bulk pick: blank rows make way for one new row per file. */
export const addFiles = (pairs: FlagPair[], files: File[]): FlagPair[] => [
  ...pairs.filter((pair) => !isBlank(pair)),
  ...files.map((file) => emptyPair({ file })),
];

const validateFlag = fieldValidator('FlagCreateModel', 'flag', { required: true });
const validateUrl = fieldValidator('FlagCreateModel', 'remoteUrl', { required: true });

/** What is wrong with a row, by field; empty when it can be sent. */
export function pairErrors(pair: FlagPair): PairErrors {
  const errors: PairErrors = {};
  const flag = validateFlag(pair.flag.trim());
  if (flag) errors.flag = flag;
  if (pair.source === 'Local' && !pair.file && !pair.hash) {
    errors.file = { message: 'resources.flags.pairs.file_required' };
  }
  if (pair.source === 'Remote') {
    const url = validateUrl(pair.url.trim());
    if (url) errors.url = url;
  }
  return errors;
}

export const isValidPair = (pair: FlagPair) => Object.keys(pairErrors(pair)).length === 0;

/** The request element of an uploaded or remote row. */
export function toFlagCreate(pair: FlagPair): FlagCreate {
  const flag = pair.flag.trim();
  return pair.source === 'Local'
    ? { flag, attachmentType: 'Local', fileHash: pair.hash ?? '' }
    : { flag, attachmentType: 'Remote', remoteUrl: pair.url.trim() };
}
