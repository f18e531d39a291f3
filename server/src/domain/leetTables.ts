/**
 * Leet substitution tables of dynamic flag templates (behaviour.md §2.3). Keyed by the upper-case
 * character; each entry lists every character it may become, the original in both cases included.
 */
export type LeetTable = Readonly<Record<string, readonly string[]>>;

/** The same letter in both cases: letters that have no look-alike. */
const both = (letter: string): string[] => [letter, letter.toLowerCase()];

const plainLetters = Object.fromEntries(
  [...'DHJKMNPRUVWXY'].map((letter) => [letter, both(letter)]),
);

export const basicLeet: LeetTable = {
  ...plainLetters,
  A: ['A', 'a', '4'],
  B: ['B', 'b', '6', '8'],
  C: ['C', 'c'],
  E: ['E', 'e', '3'],
  F: ['F', 'f', '1'],
  G: ['G', 'g', '6', '9'],
  I: ['I', 'i', '1', 'l'],
  L: ['L', 'l', '1', 'I'],
  O: ['O', 'o', '0'],
  Q: ['Q', 'q', '9'],
  S: ['S', 's', '5'],
  T: ['T', 't', '7'],
  Z: ['Z', 'z', '2'],
  '0': ['0', 'o', 'O'],
  '1': ['1', 'l', 'I'],
  '2': ['2', 'z', 'Z'],
  '3': ['3', 'e', 'E'],
  '4': ['4', 'a', 'A'],
  '5': ['5', 'S', 's'],
  '6': ['6', 'G', 'b'],
  '7': ['7', 'T'],
  '8': ['8', 'b', 'B'],
  '9': ['9', 'g'],
};

/** The `[CLEET]` tables: the basic ones plus punctuation look-alikes. */
export const complexLeet: LeetTable = {
  ...basicLeet,
  A: ['A', 'a', '4', '@'],
  B: ['B', 'b', '6', '&'],
  C: ['C', 'c', '('],
  I: ['I', 'i', '1', 'l', '!'],
  L: ['L', 'l', '1', 'I', '!'],
  O: ['O', 'o', '0', '#'],
  S: ['S', 's', '5', '$'],
  Z: ['Z', 'z', '2', '?'],
  '0': ['0', 'o', 'O', '#'],
  '1': ['1', 'l', 'I', '|'],
  '2': ['2', 'z', 'Z', '?'],
  '8': ['8', 'B', '&'],
};
