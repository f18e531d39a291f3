/**
 * Which content type a stored file is served with, and under which download name. The type is
 * decided once, at upload, and recorded with the file: a request never chooses it. Pure.
 */
import { extname } from 'node:path';
import mime from 'mime-types';

export const OCTET_STREAM = 'application/octet-stream';

/** Types a browser would run or render as a document in the site's origin: HTML, any XML (XHTML,
 *  SVG, XSLT…), scripts, style sheets, Flash, multipart streams. */
const ACTIVE_TYPE = /html|xml|script|svg|xsl|^text\/css|shockwave|^multipart\//i;

export const isActiveType = (type: string): boolean => ACTIVE_TYPE.test(type);

/** The type an organiser's upload is recorded with: the one its name says, unless that is
 *  unknown or active (then `application/octet-stream`: the bytes are never interpreted). */
export function typeForUploadName(name: string): string {
  const type = mime.lookup(name);
  return type && !isActiveType(type) ? type : OCTET_STREAM;
}

/** The type a stored file is served with: the recorded one (files from before types were
 *  recorded have none and are served as bytes). */
export const servedType = (recorded: string | null): string => recorded ?? OCTET_STREAM;

const extensionOf = (name: string) => extname(name).slice(1).toLowerCase();

/**
 * The name a download is saved under. The requested name is kept when its extension agrees with
 * the file (the recorded type, or the stored name's extension), or when the stored name has no
 * extension to compare with (an organiser's file of unknown kind). Otherwise the stored name's
 * extension takes its place, so `/assets/{avatar}/x.js` or `…/x.hta` saves `x.webp`, never a file
 * the desktop would run. Backslashes (a path separator on Windows) become `_`.
 */
export function downloadName(requested: string, stored: string, recorded: string | null): string {
  const name = requested.replace(/\\/g, '_');
  const storedExtension = extensionOf(stored);
  if (!storedExtension) return name;
  if (recorded && mime.lookup(name) === recorded) return name;
  const extension = extensionOf(name);
  if (extension === storedExtension) return name;
  const base = extension ? name.slice(0, -(extension.length + 1)) : name;
  return `${base || 'file'}.${storedExtension}`;
}
