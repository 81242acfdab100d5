import {
  PHOTO_COMPRESS_MAX_DIMENSION,
  PHOTO_COMPRESS_QUALITY,
  PHOTO_COMPRESS_THRESHOLD_BYTES,
} from '@yardsale/validators';

/** The texts for a photo that cannot be prepared (docs/product/texts.md#failures). */
const COMPRESSION_FAILURES = {
  noCanvas: 'Failed to get canvas context',
  encode: 'Failed to compress image',
  load: 'Failed to load image',
  read: 'Failed to read file',
} as const;

/** A chosen photo could not be prepared for upload; the message is the product's text. */
export class PhotoCompressionError extends Error {
  override readonly name = 'PhotoCompressionError';
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new PhotoCompressionError(COMPRESSION_FAILURES.read));
    };
    reader.onerror = () => reject(new PhotoCompressionError(COMPRESSION_FAILURES.read));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new PhotoCompressionError(COMPRESSION_FAILURES.load));
    image.src = src;
  });
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

/**
 * Photos over 200 KB are re-encoded as JPEG (quality 0.85) within 1200×1200 before upload
 * (docs/product/rules.md#limits-and-timings): phone photos of 3-5 MB become a few hundred KB, which
 * matters on a slow connection. The server resizes again and strips metadata; this only saves the
 * person's data and time.
 */
export async function compressPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_COMPRESS_THRESHOLD_BYTES) return file;

  const image = await loadImage(await readAsDataUrl(file));
  const scale = Math.min(
    1,
    PHOTO_COMPRESS_MAX_DIMENSION / image.naturalWidth,
    PHOTO_COMPRESS_MAX_DIMENSION / image.naturalHeight,
  );
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoCompressionError(COMPRESSION_FAILURES.noCanvas);
  // JPEG has no transparency; without a fill, transparent areas of a PNG turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);

  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', PHOTO_COMPRESS_QUALITY),
  );
  if (!blob) throw new PhotoCompressionError(COMPRESSION_FAILURES.encode);
  // A small but already well-compressed photo can come out larger; then the original is better.
  if (blob.size >= file.size) return file;
  return new File([blob], jpegName(file.name), {
    type: 'image/jpeg',
    lastModified: file.lastModified,
  });
}
