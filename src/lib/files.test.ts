import { describe, expect, it } from 'vitest';
import { fileNameOf, formatFileSize } from './files';

describe('formatFileSize', () => {
  it('picks the unit by size', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1025)).toBe('2 KB');
    expect(formatFileSize(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('fileNameOf', () => {
  it('takes the last path segment, decoded', () => {
    expect(fileNameOf(`/assets/${'a'.repeat(64)}/notes%20v2.zip`)).toBe('notes v2.zip');
    expect(fileNameOf('https://files.example.com/dist/x.tar.gz?token=1#top')).toBe('x.tar.gz');
    expect(fileNameOf('https://files.example.com/dist/')).toBe('dist');
  });

  it('keeps what it cannot decode, and the whole link when there is no name', () => {
    expect(fileNameOf('/assets/bad%E0%A4%A')).toBe('bad%E0%A4%A');
    expect(fileNameOf('https://files.example.com')).toBe('files.example.com');
  });
});
