/**
 * Runs `server/src/cli/backup.ts` / `restore.ts` as an operator does (`npm run backup`), in their
 * own process through tsx, with VEXIL_DATA naming the data folder; answers the exit code and
 * what they printed.
 */
import { spawn } from 'node:child_process';
import { ROOT } from '#bench/event/child.js';

export interface CliRun {
  code: number | null;
  /** The signal that ended the process, when one did (then `code` is null). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `server/src/cli/${command}.ts`, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', INIT_CWD: ROOT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
