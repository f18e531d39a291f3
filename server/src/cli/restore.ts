/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into the data folder
 * named by VEXIL_DATA, which must not exist or be empty. Nothing is written to it unless the
 * whole archive checks out. Stop Vexil (or point it elsewhere) before restoring.
 */
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { restoreBackup } from '../backup/restoreBackup.js';

const args = process.argv.slice(2);
const callerDir = process.env.INIT_CWD ?? process.cwd();

function fail(message: string, code = 1): never {
  console.error(`restore: ${message}`);
  process.exit(code);
}

if (args.length !== 1 || args[0].startsWith('--')) fail('usage: npm run restore -- FILE.tar.gz', 2);
const config = loadConfig();
const archive = resolve(callerDir, args[0]);
try {
  const manifest = await restoreBackup({ archive, dataDir: config.dataDir });
  console.log(
    `restore: ${config.dataDir} restored from ${archive} (${manifest.fileCount} file${manifest.fileCount === 1 ? '' : 's'}, ` +
      `made ${manifest.createdAt} by Vexil ${manifest.vexilVersion})`,
  );
  const filesIn = join(config.dataDir, 'files');
  if (config.storage.path !== filesIn) {
    console.log(
      `restore: the uploaded files are in ${filesIn}; move them to ${config.storage.path} ` +
        '(VEXIL_STORAGE_PATH) or start Vexil without that setting.',
    );
  }
  if (manifest.database === 'none') {
    console.log(
      'restore: the archive holds files only; restore the PostgreSQL database with pg_restore.',
    );
  }
} catch (error) {
  fail((error as Error).message);
}
