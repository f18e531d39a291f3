/**
 * File downloads through the API client, following the seed's download flow (§4, §5, §8):
 * an orange loading notification stays open while the file comes (and `busy` is set); it becomes
 * a teal one that closes by itself once the browser saves the file, or a red "download failed"
 * one that stays until closed, saying why — a text body's text, a JSON body's `title`, else the
 * error's message. Only a Blob is a file: any other answer fails with 'Response data is not a Blob'.
 *
 * @example const { download, busy } = useDownload(); download('/api/admin/writeups/3/all');
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api/client';
import { errorMessage, type FetchResult } from '@/api/errors';
import { fileNameOf } from './files';
import { errorMessageOf, useNotify } from './notifications';

export const NOT_A_BLOB = 'Response data is not a Blob';

/** The answer was not a file (seed §5). */
export class NotABlobError extends Error {
  constructor() {
    super(NOT_A_BLOB);
    this.name = 'NotABlobError';
  }
}

/** The server refused the download; `message` is already what the user should read. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** Longest error text shown: a text body can be a whole page. */
const MAX_TEXT = 500;

/** A Blob from any realm (a test's fetch and the page may not share one `Blob` class). */
const isBlob = (value: unknown): value is Blob =>
  ['[object Blob]', '[object File]'].includes(Object.prototype.toString.call(value));

/** The name a Content-Disposition header gives the file (`filename*` wins, RFC 6266). */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[\w-]*'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed encoding: the plain `filename` may still be there
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name?.trim() || undefined;
}

/** Why the server refused: the text of a text body, the `title` of a JSON one, else the status. */
function refusal(body: unknown, response: Response): DownloadError {
  const type = response.headers.get('Content-Type') ?? '';
  const isText = type.startsWith('text/') && !type.includes('html');
  const text = isText && body !== null && typeof body !== 'object' ? String(body).trim() : '';
  const message = text ? text.slice(0, MAX_TEXT) : errorMessage(body, response);
  return new DownloadError(message, response.status);
}

type BlobGet = (url: string, init: { parseAs: 'blob' }) => Promise<FetchResult<unknown, unknown>>;

/** GETs `url` (an API or asset path) as a file: its bytes and the name the server gave it. */
export async function fetchFile(url: string): Promise<{ blob: Blob; fileName?: string }> {
  // Any same-origin path, not only the spec's typed ones: asset URLs come from records.
  const get = api.GET as unknown as BlobGet;
  const { data, error, response } = await get(url, { parseAs: 'blob' });
  if (!response.ok || error !== undefined) throw refusal(error, response);
  if (!isBlob(data)) throw new NotABlobError();
  return {
    blob: data,
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

/** Lets the browser save `blob` as `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/**
 * Downloads with the seed's notifications. `fileName` is used when the server names no file.
 * `busy` is true while any download of this hook runs.
 */
export function useDownload() {
  const notify = useNotify();
  const { t } = useTranslation();
  const [running, setRunning] = useState(0);

  const download = useCallback(
    async (url: string, fileName?: string): Promise<boolean> => {
      const id = notify.show({
        color: 'warning',
        loading: true,
        title: t('download.started'),
        message: fileName ?? t('download.preparing'),
      });
      setRunning((count) => count + 1);
      try {
        const file = await fetchFile(url);
        const name = file.fileName ?? fileName ?? fileNameOf(url);
        saveFile(file.blob, name);
        notify.update(id, { color: 'success', title: t('download.done'), message: name });
        return true;
      } catch (error) {
        const message =
          error instanceof NotABlobError
            ? t('download.not_blob')
            : (errorMessageOf(error) ?? t('common.error.unknown'));
        notify.update(id, {
          color: 'error',
          title: t('download.failed'),
          message,
          autoClose: false,
        });
        return false;
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [notify, t],
  );

  return { download, busy: running > 0 };
}
