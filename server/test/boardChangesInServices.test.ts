// Rebuilding boards is the services' job (server/src/services/scoreboard/boardChanges.ts): a
// route that wrote and then rebuilt boards itself would leave the next write route to remember it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');
const outsideServices = ['routes', 'plugins', 'hubs', 'http'];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

it('no route, plugin or hub rebuilds a board after a write: the services say that boards changed', () => {
  const callers = outsideServices
    .map((folder) => join(src, folder))
    .flatMap((folder) => {
      try {
        return sources(folder);
      } catch {
        return [];
      }
    })
    .filter((file) =>
      /scoreboards\.invalidate\(|boardChanged\(|boardsOfTeamChanged\(/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => relative(src, file));
  expect(callers).toEqual([]);
});
