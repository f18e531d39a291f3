import { describe, expect, it } from 'vitest';
import { imageProblem } from './useImagePicker';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('imageProblem', () => {
  it('takes a non-empty image within the limit and says why anything else is refused', () => {
    expect(imageProblem(file('image/png', 10), 10)).toBeUndefined();
    expect(imageProblem(file('text/plain', 10), 10)).toBe('not_image');
    expect(imageProblem(file('image/png', 0), 10)).toBe('empty');
    expect(imageProblem(file('image/png', 11), 10)).toBe('too_large');
  });
});
