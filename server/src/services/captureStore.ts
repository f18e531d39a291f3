/**
 * Where traffic captures live: `<root>/<challengeId>/<participationId>/<file>.pcap` under
 * `$VEXIL_DATA/captures`. Recordings are written under `<root>/.partial` while their connection
 * is open and renamed into place when it ends, so listings only ever show complete files. Every
 * name is checked before it touches the disk.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { isSafeFileName } from '../domain/captureRules.js';

export interface CaptureFile {
  fileName: string;
  size: number;
  /** Last modification, epoch ms. */
  updateTime: number;
}

export interface TeamCaptures {
  participationId: number;
  /** Files in the team's folder (never 0: empty folders are not listed). */
  count: number;
}

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

export class CaptureStore {
  constructor(readonly root: string) {}

  private folder(challengeId: number, participationId?: number): string {
    const parts = participationId === undefined ? [challengeId] : [challengeId, participationId];
    if (!parts.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error('Bad capture id');
    return join(this.root, ...parts.map(String));
  }

  private file(challengeId: number, participationId: number, name: string): string | null {
    return isSafeFileName(name) ? join(this.folder(challengeId, participationId), name) : null;
  }

  /** A fresh path for a recording in progress. */
  async partialPath(): Promise<string> {
    const dir = join(this.root, '.partial');
    await mkdir(dir, { recursive: true });
    return join(dir, `${randomBytes(8).toString('hex')}.pcap`);
  }

  /**
   * Removes recordings in progress untouched for longer than `maxAgeMs`: a session cannot last
   * that long, so their server stopped without storing them (a crash). Answers how many went.
   */
  async sweepPartial(maxAgeMs: number, now: number = Date.now()): Promise<number> {
    const dir = join(this.root, '.partial');
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(dir, entry.name);
      const info = await stat(path).catch(() => null);
      if (!info || now - info.mtimeMs <= maxAgeMs) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }

  /** Moves a finished recording into the team's folder. */
  async save(challengeId: number, participationId: number, name: string, from: string) {
    const target = this.file(challengeId, participationId, name);
    if (!target) throw new Error(`Unsafe capture file name: ${name}`);
    await mkdir(this.folder(challengeId, participationId), { recursive: true });
    await rename(from, target);
  }

  /** The teams (participation folders) holding at least one file, in id order. */
  async teams(challengeId: number): Promise<TeamCaptures[]> {
    const entries = await readdir(this.folder(challengeId), { withFileTypes: true }).catch(
      () => [],
    );
    const out: TeamCaptures[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory() || !POSITIVE_ID.test(entry.name)) continue;
      const count = (await this.files(challengeId, Number(entry.name))).length;
      if (count > 0) out.push({ participationId: Number(entry.name), count });
    }
    return out.sort((a, b) => a.participationId - b.participationId);
  }

  /** The team's files, oldest first (empty when there are none). */
  async files(challengeId: number, participationId: number): Promise<CaptureFile[]> {
    const folder = this.folder(challengeId, participationId);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const out: CaptureFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const info = await stat(join(folder, entry.name)).catch(() => null);
      if (info)
        out.push({ fileName: entry.name, size: info.size, updateTime: Math.floor(info.mtimeMs) });
    }
    return out.sort((a, b) => a.updateTime - b.updateTime || a.fileName.localeCompare(b.fileName));
  }

  async open(
    challengeId: number,
    participationId: number,
    name: string,
  ): Promise<{ stream: Readable; size: number; updateTime: number } | null> {
    const path = this.file(challengeId, participationId, name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) return null;
    return {
      stream: createReadStream(path),
      size: info.size,
      updateTime: Math.floor(info.mtimeMs),
    };
  }

  /** Deletes one file; false when it was not there. */
  async remove(challengeId: number, participationId: number, name: string): Promise<boolean> {
    const path = this.file(challengeId, participationId, name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) return false;
    await rm(path);
    // Drop the folder once it is empty, so the team no longer counts as captured.
    await rmdir(this.folder(challengeId, participationId)).catch(() => undefined);
    return true;
  }

  /** Deletes every file of the team (nothing to do when there are none). */
  async removeAll(challengeId: number, participationId: number): Promise<void> {
    await rm(this.folder(challengeId, participationId), { recursive: true, force: true });
  }
}
