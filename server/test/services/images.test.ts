import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '#server/http/errorHandler.js';
import { processImage } from '#server/services/images.js';
import {
  bigAnimationGif,
  gifWithScript,
  pngWithScript,
  SCRIPT_PAYLOAD,
  SVG_WITH_SCRIPT,
} from '../support/hostileImages.js';

/** The answer a refused image gets (the service throws a domain error; this is its HTTP answer). */
const refusal = (input: Buffer) =>
  processImage(input).then(
    () => null,
    (error: Error) => ({ ...toErrorBody(error), message: error.message }),
  );

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

  it('re-encodes a GIF as GIF, keeping its frames and dropping a script it carried', async () => {
    const gif = await gifWithScript(600, 400);
    const out = await processImage(gif, { width: 300 });
    expect(out).toMatchObject({ extension: 'gif', contentType: 'image/gif' });
    expect(out.data.equals(gif)).toBe(false);
    expect(out.data.includes(SCRIPT_PAYLOAD)).toBe(false);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.pages, meta.width, meta.height]).toEqual(['gif', 3, 300, 200]);
  });

  it('keeps only the first frame of an animation too big to re-encode frame by frame', async () => {
    const out = await processImage(bigAnimationGif(2000, 6), { width: 300 });
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.pages ?? 1, meta.width]).toEqual(['gif', 1, 300]);
  });

  it('re-encodes a PNG carrying a script in a text chunk and after its end', async () => {
    const png = await pngWithScript(900, 600);
    const out = await processImage(png, { width: 300 });
    expect(out.contentType).toBe('image/webp');
    expect(out.data.includes(SCRIPT_PAYLOAD)).toBe(false);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
  });

  it('refuses SVG (which sharp could draw) with a 400', async () => {
    await expect(refusal(SVG_WITH_SCRIPT)).resolves.toMatchObject({
      httpStatus: 400,
      message: expect.stringContaining('SVG'),
    });
  });

  it('refuses what is not an image with a 400', async () => {
    await expect(refusal(Buffer.from('<script>alert(1)</script>'))).resolves.toMatchObject({
      httpStatus: 400,
    });
  });
});
