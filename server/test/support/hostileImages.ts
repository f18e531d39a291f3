/**
 * Images that carry a script: valid pictures (decoders show them) with a payload in a GIF comment
 * or in a PNG text chunk and after the PNG's end, as someone would upload to get script served
 * from the site's own origin. Also an SVG with a script and a GIF whose animation is too
 * big to re-encode frame by frame.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const SCRIPT_PAYLOAD = '/*<script>alert(document.domain)</script>*/';

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
    '<rect width="40" height="40" fill="red"/><script>alert(document.domain)</script></svg>',
);

const payload = Buffer.from(SCRIPT_PAYLOAD, 'latin1');

/** A GIF comment extension: introducer, label, sub-blocks of up to 255 bytes, terminator. */
function gifComment(text: Buffer): Buffer {
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let at = 0; at < text.length; at += 255) {
    const chunk = text.subarray(at, at + 255);
    blocks.push(Buffer.from([chunk.length]), chunk);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat(blocks);
}

/** An animated GIF (one frame per colour) with the payload in a comment before the trailer. */
export async function gifWithScript(
  width = 600,
  height = 400,
  colours = ['#ff0000', '#00ff00', '#0000ff'],
): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .raw()
        .toBuffer(),
    ),
  );
  const gif = await sharp(Buffer.concat(frames), {
    raw: { width, height: height * colours.length, channels: 3, pageHeight: height },
  })
    .gif({ delay: colours.map(() => 100), loop: 0 })
    .toBuffer();
  const trailer = gif.length - 1; // 0x3b
  return Buffer.concat([gif.subarray(0, trailer), gifComment(payload), gif.subarray(trailer)]);
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG with the payload in a tEXt chunk before IEND and after the end. */
export async function pngWithScript(width = 900, height = 600): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), payload]));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend), payload]);
}

/** A GIF of `frames` frames on a `size`×`size` screen, each frame one pixel: tiny to send, but
 *  decoding every frame would paint `frames × size²` pixels. */
export function bigAnimationGif(size: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(size, 0);
  screen.writeUInt16LE(size, 2);
  screen[4] = 0x80; // a global colour table of two entries
  const parts = [Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 0, 0])];
  // Loop for ever (the NETSCAPE2.0 application extension).
  parts.push(Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]));
  for (let frame = 0; frame < frames; frame++) {
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0])); // 100 ms
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(frame % size, 1);
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    parts.push(descriptor, Buffer.from([2, 2, 0x44, 1, 0])); // one pixel, colour 0
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
