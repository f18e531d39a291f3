// The reference platform's protected names must not appear anywhere in the project.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
// Built from parts so that this file does not contain them.
const forbidden = [
  ['GZ', 'CTF'].join(''),
  ['GZ', '::', 'CTF'].join(''),
  ['GZ', 'CTF_FLAG'].join(''),
  ['GZ', 'CTF_Token'].join(''),
];

it('no tracked file contains a protected name of the reference platform', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !f.endsWith('package-lock.json'));
  const hits: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    for (const name of forbidden) if (text.includes(name)) hits.push(`${file}: ${name}`);
  }
  expect(hits).toEqual([]);
});
