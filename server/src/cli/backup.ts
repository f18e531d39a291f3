/**
 * `npm run backup -- FILE [--files-only]`: archives the data folder named by VEXIL_DATA into FILE
 * (a tar.gz) while Vexil runs, the uploaded files as `files/` wherever VEXIL_STORAGE_PATH keeps
 * them. With DATABASE_URL set the database is PostgreSQL, which pg_dump
 * saves: the command says how, and `--files-only` archives the stored files alone.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { createBackup } from '../backup/createBackup.js';

const args = process.argv.slice(2);
const filesOnly = args.includes('--files-only');
const positional = args.filter((arg) => !arg.startsWith('--'));
// `npm run` starts in the project's folder; a relative FILE means the caller's folder.
const callerDir = process.env.INIT_CWD ?? process.cwd();

function fail(message: string, code = 1): never {
  console.error(`backup: ${message}`);
  process.exit(code);
}

if (positional.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--files-only')) {
  fail('usage: npm run backup -- FILE.tar.gz [--files-only]', 2);
}
const config = loadConfig();
if (config.databaseUrl && !filesOnly) {
  fail(
    [
      'DATABASE_URL is set: the database is PostgreSQL, which this command does not copy.',
      'Back up the database with pg_dump and the stored files with this command:',
      '  pg_dump --format=custom --file=vexil.dump "$DATABASE_URL"',
      `  npm run backup -- ${positional[0] ?? 'FILE.tar.gz'} --files-only`,
      'Restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" vexil.dump and npm run restore.',
    ].join('\n'),
  );
}
if (!config.databaseUrl && filesOnly) {
  fail(
    '--files-only is for PostgreSQL deployments (DATABASE_URL): with SQLite the database is part of the backup',
  );
}
const target = resolve(callerDir, positional[0]);
try {
  const manifest = await createBackup({
    dataDir: config.dataDir,
    target,
    filesOnly,
    filesDir: config.storage.path,
  });
  console.log(
    `backup: ${target} written (${manifest.fileCount} file${manifest.fileCount === 1 ? '' : 's'}, ` +
      `${manifest.database === 'sqlite' ? `SQLite at migration ${manifest.migration ?? 'none'}` : 'no database'}, ` +
      `Vexil ${manifest.vexilVersion})`,
  );
} catch (error) {
  fail((error as Error).message);
}
