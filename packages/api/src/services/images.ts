import { TRPCError } from '@trpc/server';
import sharp from 'sharp';

/** Larger images are refused before decoding: a small file can still unpack to gigapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an upload by its bytes (never its name or declared type), turns it upright and
 * re-encodes it as WebP. Re-encoding drops every metadata block, GPS included.
 */
export async function processImage(
  bytes: Buffer,
  resize: { width: number; height?: number; fit: 'cover' | 'inside' },
  invalidMessage: string,
): Promise<ImageVariant> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: invalidMessage });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: invalidMessage });
  }
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ ...resize, withoutEnlargement: resize.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: invalidMessage });
  }
}
