/** How files are shown: their size for people and their name from their link. */

/** A byte count for people: `512 B`, `3 KB` (rounded up), `1.5 MB`, `2.1 GB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** The last path segment of a link, decoded: `/assets/<hash>/notes%20v2.zip` → `notes v2.zip`. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}
