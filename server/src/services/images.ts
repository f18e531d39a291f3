/**
 * Image uploads (avatars, logo, favicon, posters): decoded and re-encoded, optionally narrowed to
 * a width: GIFs as GIF (animation kept while the frames are cheap to decode, else the first frame
 * alone), every other accepted format as WebP. Only raster formats are accepted (SVG is refused:
 * it is a document that can carry script, and rendering it on the server is needless surface);
 * anything that does not decode is refused. Re-encoding drops whatever rode along in the upload
 * (comments, metadata, bytes after the image), so what we store and serve is always an image we
 * produced, recorded with the type we produced.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { InvalidInput } from '../domain/errors.js';

export interface ProcessedImage {
  data: Buffer;
  extension: 'webp' | 'gif';
  contentType: 'image/webp' | 'image/gif';
}

/** Largest image (in pixels) we agree to decode: guards against decompression bombs. */
const MAX_PIXELS = 40_000_000;
/** Largest animation (pixels of all frames together) re-encoded with its frames; a larger one
 *  keeps its first frame only, so an upload never costs more than one big still image. */
const MAX_ANIMATION_PIXELS = 20_000_000;

/** Formats (as sharp names them) we decode; `heif` is AVIF in sharp's own build. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

const notAnImage = () => new InvalidInput('The file is not an image that can be processed');

export async function processImage(
  input: Buffer,
  options: { width?: number } = {},
): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw notAnImage();
  }
  if (metadata.format === 'svg') {
    throw new InvalidInput('SVG images are not accepted; upload a PNG, JPEG, WebP or GIF image');
  }
  if (!metadata.format || !RASTER_FORMATS.has(metadata.format)) throw notAnImage();

  const resize = (image: Sharp) =>
    options.width ? image.resize({ width: options.width, withoutEnlargement: true }) : image;
  try {
    if (metadata.format === 'gif') {
      const framePixels = (metadata.width ?? 0) * (metadata.height ?? 0);
      const animated = framePixels * (metadata.pages ?? 1) <= MAX_ANIMATION_PIXELS;
      const image = sharp(input, { limitInputPixels: MAX_PIXELS, animated });
      const data = await resize(image).gif().toBuffer();
      return { data, extension: 'gif', contentType: 'image/gif' };
    }
    const image = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
    const data = await resize(image).webp({ quality: 85 }).toBuffer();
    return { data, extension: 'webp', contentType: 'image/webp' };
  } catch {
    throw notAnImage();
  }
}

export const AVATAR_WIDTH = 300;
export const LOGO_WIDTH = 640;
export const FAVICON_WIDTH = 256;
