import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage } from '../../src/services/images.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('image processing', () => {
  it('re-encodes as WebP and narrows to the width, keeping proportions', async () => {
    const out = await processImage(await png(900, 600), { width: 300 });
    expect(out.extension).toBe('webp');
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
  });

  it('never enlarges a small image', async () => {
    const meta = await sharp(
      (await processImage(await png(100, 50), { width: 300 })).data,
    ).metadata();
    expect(meta.width).toBe(100);
  });

  it('keeps GIFs unchanged', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const out = await processImage(gif, { width: 4 });
    expect(out).toMatchObject({ extension: 'gif', contentType: 'image/gif' });
    expect(out.data.equals(gif)).toBe(true);
  });

  it('refuses what is not an image with a 400', async () => {
    await expect(processImage(Buffer.from('<script>alert(1)</script>'))).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
