import { describe, expect, it } from 'vitest';
import { buildPost, postInfo } from '@/test/builders';
import { inDisplayOrder, postUpdateBodies } from './posts';

const stored = buildPost({
  title: 'Old',
  summary: 's',
  content: 'c',
  tags: ['a'],
  isPinned: false,
});
const same = { title: 'Old', summary: 's', content: 'c', tags: ['a'] };

describe('postUpdateBodies', () => {
  it('sends one body when the pin stays', () => {
    expect(postUpdateBodies(stored, { ...same, title: 'New', isPinned: false })).toEqual([
      { ...same, title: 'New', isPinned: false },
    ]);
  });

  it('sends the pin alone when only the pin changes, keeping author and time', () => {
    expect(postUpdateBodies(stored, { ...same, isPinned: true })).toEqual([
      { ...same, isPinned: true },
    ]);
  });

  it('saves the text with the old pin first, then the pin, when both change', () => {
    const next = { ...same, tags: ['a', 'b'], isPinned: true };
    expect(postUpdateBodies(stored, next)).toEqual([{ ...next, isPinned: false }, next]);
  });
});

describe('inDisplayOrder', () => {
  it('puts pinned posts first, then the latest update', () => {
    const old = postInfo(buildPost({ id: 'old', time: 1 }));
    const recent = postInfo(buildPost({ id: 'recent', time: 3 }));
    const pinned = postInfo(buildPost({ id: 'pinned', time: 2, isPinned: true }));
    expect(inDisplayOrder([old, recent, pinned]).map((post) => post.id)).toEqual([
      'pinned',
      'recent',
      'old',
    ]);
  });
});
