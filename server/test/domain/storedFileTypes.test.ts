import { describe, expect, it } from 'vitest';
import { downloadName, servedType, typeForUploadName } from '#server/domain/storedFileTypes.js';

describe('stored file types', () => {
  it('records the type an upload name says, but never one a browser would run', () => {
    expect(typeForUploadName('handout.zip')).toBe('application/zip');
    expect(typeForUploadName('notes.txt')).toBe('text/plain');
    expect(typeForUploadName('writeup.pdf')).toBe('application/pdf');
    for (const name of ['x.html', 'x.htm', 'x.xhtml', 'x.svg', 'x.js', 'x.mjs', 'x.xml', 'x.css']) {
      expect(typeForUploadName(name), name).toBe('application/octet-stream');
    }
    expect(typeForUploadName('binary')).toBe('application/octet-stream');
  });

  it('serves files stored before types were recorded as bytes', () => {
    expect(servedType(null)).toBe('application/octet-stream');
    expect(servedType('image/webp')).toBe('image/webp');
  });

  it('keeps a download name that agrees with the file, else takes the stored extension', () => {
    expect(downloadName('avatar.webp', 'avatar.webp', 'image/webp')).toBe('avatar.webp');
    expect(downloadName('me.webp', 'avatar.webp', 'image/webp')).toBe('me.webp');
    expect(downloadName('x.js', 'avatar.webp', 'image/webp')).toBe('x.webp');
    expect(downloadName('x.hta', 'avatar.gif', 'image/gif')).toBe('x.gif');
    expect(downloadName('x.html', 'Writeup-1-2-x.pdf', null)).toBe('x.pdf');
    expect(downloadName('avatar', 'avatar.webp', 'image/webp')).toBe('avatar.webp');
    // A dynamic attachment downloads under the challenge's name.
    expect(downloadName('attachment', 'team-1.zip', 'application/zip')).toBe('attachment.zip');
    expect(downloadName('chall.zip', 'team-1.zip', 'application/zip')).toBe('chall.zip');
    // An organiser's file without an extension: nothing to compare with.
    expect(downloadName('chall.elf', 'chall', 'application/octet-stream')).toBe('chall.elf');
    expect(downloadName('..\\..\\x.txt', 'x.txt', 'text/plain')).toBe('.._.._x.txt');
  });
});
