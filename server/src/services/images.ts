/**
 * Image uploads (avatars, logo, favicon, posters): decoded and re-encoded as WebP, optionally
 * narrowed to a width; GIFs are kept as they are (animation). Anything that does not decode as an
 * image is refused, so what we serve is always an image we produced.
 */
import sharp from 'sharp';
import { badRequest } from '../http/errors.js';

export interface ProcessedImage {
  data: Buffer;
  extension: 'webp' | 'gif';
  contentType: 'image/webp' | 'image/gif';
}

/** Largest image (in pixels) we agree to decode: guards against decompression bombs. */
const MAX_PIXELS = 40_000_000;

export async function processImage(
  input: Buffer,
  options: { width?: number } = {},
): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw badRequest('The file is not an image that can be processed');
  }
  if (format === 'gif') return { data: input, extension: 'gif', contentType: 'image/gif' };
  try {
    let image = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
    if (options.width) image = image.resize({ width: options.width, withoutEnlargement: true });
    const data = await image.webp({ quality: 85 }).toBuffer();
    return { data, extension: 'webp', contentType: 'image/webp' };
  } catch {
    throw badRequest('The file is not an image that can be processed');
  }
}

export const AVATAR_WIDTH = 300;
export const LOGO_WIDTH = 640;
export const FAVICON_WIDTH = 256;
