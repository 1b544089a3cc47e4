import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { ValidationFailedError } from '@common/errors/domain.error';
import { Turns } from '@common/util/turns';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** The widths served; an image narrower than one is never enlarged to it. */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export const UPLOAD_NOT_IMAGE = 'The file must be a JPEG, PNG or WebP image.';
export const UPLOAD_TOO_LARGE = `The file may not be greater than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
export const UPLOAD_TOO_MANY_PIXELS = `The image may not have more than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`;

export interface ImageVariant {
  width: number;
  height: number;
  /** `<sha256 of the bytes>.webp`. */
  name: string;
  body: Buffer;
}

const refuse = (message: string) => ValidationFailedError.field('file', message);

/**
 * Conversions running at once in this process: one may hold a 40-megapixel image decoded (some
 * 160 MB), so a burst of uploads, from one shop or many, waits its turn rather than multiplying that.
 */
const conversions = new Turns(2);

/**
 * The WebP files of an uploaded image: recognised by its bytes (JPEG, PNG or WebP), its header read
 * before anything is decoded (at most MAX_UPLOAD_PIXELS, and libvips is told the same limit so a
 * decompression bomb is refused, never decoded), turned by its EXIF orientation, then re-encoded
 * without any metadata (EXIF, GPS, XMP, ICC: sharp keeps none unless asked, and converts to sRGB)
 * at each width of UPLOAD_WIDTHS it reaches, the largest last. Two at a time in a process (`conversions`).
 */
export function imageVariants(bytes: Buffer): Promise<ImageVariant[]> {
  return conversions.run(() => convert(bytes));
}

async function convert(bytes: Buffer): Promise<ImageVariant[]> {
  let header: Metadata;
  try {
    // The header only: no pixel is decoded here.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(UPLOAD_NOT_IMAGE);
  }
  if (!FORMATS.has(header.format) || !header.width || !header.height) throw refuse(UPLOAD_NOT_IMAGE);
  if (header.width * header.height > MAX_UPLOAD_PIXELS) throw refuse(UPLOAD_TOO_MANY_PIXELS);

  // EXIF orientations 5 to 8 swap width and height.
  const width = (header.orientation ?? 1) >= 5 ? header.height : header.width;
  const widths = [...new Set(UPLOAD_WIDTHS.map((target) => Math.min(target, width)))];
  const source = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning', pages: 1 }).rotate();
  try {
    const variants: ImageVariant[] = [];
    for (const target of widths) {
      const { data, info } = await source
        .clone()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        width: info.width,
        height: info.height,
        name: `${createHash('sha256').update(data).digest('hex')}.webp`,
        body: data,
      });
    }
    return variants;
  } catch (error) {
    throw refuse(/pixel limit/i.test((error as Error).message) ? UPLOAD_TOO_MANY_PIXELS : UPLOAD_NOT_IMAGE);
  }
}
