import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement, Fragment } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import {
  fetchFile,
  fileNameFromDisposition,
  NOT_A_BLOB,
  NotABlobError,
  useDownload,
} from './download';
import { NotificationProvider } from './notifications';

const url = '/api/admin/writeups/3/all';

/** A file answer: the fake API sends `body` as JSON text, which is bytes all the same. */
const file = (headers: Record<string, string> = {}) => ({
  status: 200,
  body: 'tar.gz bytes',
  headers: { 'Content-Type': 'application/gzip', ...headers },
});

describe('fileNameFromDisposition', () => {
  it('reads the quoted, the bare and the encoded name, the encoded one first', () => {
    expect(fileNameFromDisposition('attachment; filename="Writeups-CTF.tar.gz"')).toBe(
      'Writeups-CTF.tar.gz',
    );
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename="Writeups-?.tar.gz"; filename*=UTF-8''Writeups-%E6%98%A5.tar.gz`,
      ),
    ).toBe('Writeups-春.tar.gz');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('falls back to the plain name when the encoded one is broken, and gives none for none', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E6%98; filename="a.txt"`)).toBe(
      'a.txt',
    );
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});

describe('fetchFile', () => {
  it('answers the bytes as a Blob with the name the server gave', async () => {
    fakeApi.on('GET', url, file({ 'Content-Disposition': 'attachment; filename="w.tar.gz"' }));
    const { blob, fileName } = await fetchFile(url);
    expect(Object.prototype.toString.call(blob)).toBe('[object Blob]');
    expect(await blob.text()).toBe('"tar.gz bytes"');
    expect(fileName).toBe('w.tar.gz');
  });

  it("fails with 'Response data is not a Blob' when the answer has no body", async () => {
    fakeApi.on('GET', url, 200);
    await expect(fetchFile(url)).rejects.toBeInstanceOf(NotABlobError);
    await expect(fetchFile(url)).rejects.toThrow(NOT_A_BLOB);
  });

  it("says why the server refused: a JSON body's title, a text body's text, else the status", async () => {
    fakeApi.on('GET', url, 404, problem(404, 'The game was not found'));
    await expect(fetchFile(url)).rejects.toThrow('The game was not found');
    fakeApi.on('GET', url, {
      status: 503,
      body: 'Storage is offline',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    await expect(fetchFile(url)).rejects.toThrow('Storage is offline');
    fakeApi.on('GET', url, 500);
    await expect(fetchFile(url)).rejects.toThrow('HTTP 500');
  });
});

function Harness({ name }: { name?: string }) {
  const { download, busy } = useDownload();
  return createElement(
    Fragment,
    null,
    createElement('button', { onClick: () => void download(url, name) }, 'Get'),
    createElement('output', { 'data-testid': 'busy' }, String(busy)),
  );
}

const renderHarness = (name?: string) =>
  render(createElement(NotificationProvider, null, createElement(Harness, { name })));

const notice = () => screen.getByRole('alert');
const busy = () => screen.getByTestId('busy').textContent;

describe('useDownload', () => {
  let saved: { name: string; href: string }[];

  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows an orange notice while busy, then a teal one that closes itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let send!: () => void;
    const sent = new Promise<void>((resolve) => (send = resolve));
    fakeApi.on('GET', url, async () => {
      await sent;
      return file({ 'Content-Disposition': 'attachment; filename="Writeups-Spring.tar.gz"' });
    });
    renderHarness('fallback.tar.gz');
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() => expect(busy()).toBe('true'));
    expect(notice().className).toContain('filledWarning');
    expect(notice().textContent).toContain('Downloading');
    // a loading notice cannot be closed and does not close by itself
    expect(within(notice()).queryByTitle('Close')).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(notice().textContent).toContain('Downloading');

    send();
    await waitFor(() => expect(notice().className).toContain('filledSuccess'));
    // React's passive effects (the auto-close timer) run on a scheduler the fake timers hold
    await act(async () => {});
    expect(notice().textContent).toBe('Download completeWriteups-Spring.tar.gz');
    expect(busy()).toBe('false');
    expect(saved).toEqual([{ name: 'Writeups-Spring.tar.gz', href: 'blob:file' }]);
    expect(fakeApi.requests('GET', url)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file');
  });

  it('saves under the given name when the server names no file', async () => {
    fakeApi.on('GET', url, file());
    renderHarness('writeups-3.tar.gz');
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'writeups-3.tar.gz', href: 'blob:file' }]));
  });

  it('replaces the notice with a red one that stays until closed, with the JSON title', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi.on('GET', url, 404, problem(404, 'The game was not found'));
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() => expect(notice().className).toContain('filledError'));
    expect(notice().textContent).toBe('Download failedThe game was not found');
    expect(busy()).toBe('false');
    expect(saved).toEqual([]);
    await act(async () => {});
    act(() => vi.advanceTimersByTime(60_000));
    expect(notice().textContent).toContain('Download failed');
    fireEvent.click(within(notice()).getByTitle('Close'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the text of a text error body', async () => {
    fakeApi.on('GET', url, {
      status: 502,
      body: 'Upstream timed out',
      headers: { 'Content-Type': 'text/plain' },
    });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() => expect(notice().textContent).toBe('Download failedUpstream timed out'));
  });

  it('fails on an answer that is not a Blob', async () => {
    fakeApi.on('GET', url, 200);
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() =>
      expect(notice().textContent).toBe('Download failedResponse data is not a Blob'),
    );
    expect(saved).toEqual([]);
    expect(busy()).toBe('false');
  });

  it("shows a network failure's message", async () => {
    fakeApi.on('GET', url, () => {
      throw new TypeError('Failed to fetch');
    });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() => expect(notice().textContent).toBe('Download failedFailed to fetch'));
    expect(notice().className).toContain('filledError');
  });
});
