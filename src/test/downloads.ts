/**
 * Files the download helper saves in a test: `URL.createObjectURL` and the anchor's `click` are
 * stubbed for each test, and the names the browser would save under are collected.
 *
 * @example const saved = captureDownloads(); … expect(saved).toEqual(['game-7.zip']);
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function captureDownloads(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return saved;
}
