/** Writeup rules (behaviour §9): the file checks and the stored and archive names. Pure. */

export const WRITEUP_MAX_BYTES = 20 * 1024 * 1024;

export interface WriteupUpload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Every PDF starts with this header; the declared type and name prove nothing. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const WRITEUP_CONTENT_TYPE = 'application/pdf';

/** The title of the first failing file check, or null when the file is acceptable. Oversized
 *  files never get here (the upload layer answers 413). The declared type and name are checked as
 *  the reference does; what decides is the content, which must be a PDF (an HTML page named
 *  `w.pdf` and sent as `application/pdf` is refused). */
export function writeupFileProblem(file: WriteupUpload): string | null {
  if (file.data.length === 0) return 'Invalid file';
  if (
    file.mimetype !== WRITEUP_CONTENT_TYPE ||
    !file.filename.endsWith('.pdf') ||
    !file.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)
  ) {
    return 'Please upload a PDF file';
  }
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyyMMdd-HH.mm.ss` in UTC. */
export function compactUtcStamp(time: number): string {
  const d = new Date(time);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` +
    `${pad(d.getUTCHours())}.${pad(d.getUTCMinutes())}.${pad(d.getUTCSeconds())}`
  );
}

export const writeupFileName = (gameId: number, teamId: number, now: number): string =>
  `Writeup-${gameId}-${teamId}-${compactUtcStamp(now)}Z.pdf`;

/** The download-all archive's base name (without `.tar.gz`). */
export const writeupArchiveBase = (gameTitle: string, now: number): string =>
  `Writeups-${gameTitle}-${compactUtcStamp(now)}Z`;
