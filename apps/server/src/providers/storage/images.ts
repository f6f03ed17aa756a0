import { AppError } from '../../lib/errors';

export type ImageType = 'jpeg' | 'png' | 'gif';

/** The type a file really is, from its first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  return null;
}

export interface ReencodeOptions {
  /** Types this upload accepts (profile photos: JPG and PNG; church and event images also GIF). */
  allowed: readonly ImageType[];
  /** Longest side of the stored image, in pixels. */
  maxSide: number;
  /** Shown in the 415 answer, e.g. "Only JPG or PNG images are allowed" (spec section 8). */
  typeMessage: string;
}

export interface EncodedImage {
  data: Buffer;
  extension: 'webp';
  contentType: 'image/webp';
  width: number;
  height: number;
}

// A 5 MB file can still claim gigapixels; refuse decompression bombs before decoding them.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an uploaded image: rotated upright by its EXIF orientation, then every piece of
 * metadata (EXIF, GPS, XMP, ICC comments) dropped, resized to fit `maxSide`, written as WebP.
 * A file that is not one of the allowed types, or does not decode, answers 415.
 */
export async function reencodeImage(input: Buffer, opts: ReencodeOptions): Promise<EncodedImage> {
  const type = sniffImageType(input);
  if (!type || !opts.allowed.includes(type)) throw new AppError('unsupported_media_type', 415, opts.typeMessage);
  // Loaded on the first upload, not at start: an idle server keeps its memory (decision 027).
  const { default: sharp } = await import('sharp');
  try {
    // sharp writes no input metadata unless asked to (withMetadata/keepExif), so the output is clean.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, extension: 'webp', contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new AppError('unsupported_media_type', 415, opts.typeMessage);
  }
}
