import { describe, expect, it } from 'vitest';
import {
  addFiles,
  emptyPair,
  isValidPair,
  pairErrors,
  pairSources,
  toFlagCreate,
} from './flagPairs';

const file = (name: string) => new File(['x'], name);

describe('flag pairs', () => {
  it('offers the spec’s attachment kinds but None', () => {
    expect(pairSources).toEqual(['Local', 'Remote']);
  });

  it('replaces blank rows with one row per picked file, keeping started ones', () => {
    const started = emptyPair({ flag: 'flag{kept}' });
    const rows = addFiles([emptyPair(), started], [file('a.bin'), file('b.bin')]);
    expect(rows.map((row) => row.flag)).toEqual(['flag{kept}', '', '']);
    expect(rows.map((row) => row.file?.name)).toEqual([undefined, 'a.bin', 'b.bin']);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });

  it('needs a flag within the spec’s length and a file or URL', () => {
    expect(pairErrors(emptyPair())).toEqual({
      flag: { message: 'validation.required' },
      file: { message: 'resources.flags.pairs.file_required' },
    });
    expect(pairErrors(emptyPair({ flag: 'x'.repeat(128), source: 'Remote' }))).toEqual({
      flag: { message: 'validation.max_length', args: { max: 127 } },
      url: { message: 'validation.required' },
    });
    expect(isValidPair(emptyPair({ flag: 'f', file: file('a') }))).toBe(true);
    expect(isValidPair(emptyPair({ flag: 'f', hash: 'a'.repeat(64) }))).toBe(true);
    expect(
      isValidPair(emptyPair({ flag: 'f', source: 'Remote', url: ' https://x.example ' })),
    ).toBe(true);
  });

  it('makes the request element of each kind, trimmed', () => {
    const hash = 'b'.repeat(64);
    expect(toFlagCreate(emptyPair({ flag: ' f ', hash, url: 'ignored' }))).toEqual({
      flag: 'f',
      attachmentType: 'Local',
      fileHash: hash,
    });
    expect(
      toFlagCreate(emptyPair({ flag: 'f', source: 'Remote', url: ' https://x.example/f ' })),
    ).toEqual({
      flag: 'f',
      attachmentType: 'Remote',
      remoteUrl: 'https://x.example/f',
    });
  });
});
