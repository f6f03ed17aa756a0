import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import type { ImageStore } from './image-store';
import { reencodeImage, type EncodedImage, type ReencodeOptions } from './images';

export interface ImageUploadOptions extends ReencodeOptions {
  /** The multipart field that carries the file (`file` everywhere in the API). */
  field: string;
  /** Shown in the 413 answer (spec section 8: "Image must be under 5MB"). */
  sizeMessage: string;
  /** Shown when no file came in `field`. */
  missingMessage: string;
}

/**
 * Reads one uploaded image from a multipart request and re-encodes it (type from the bytes,
 * metadata dropped, resized): 415 when not multipart or not an allowed image, 413 over the size
 * limit (the multipart plugin's `fileSize`), 400 without a file. Profile, church and event images.
 */
export async function readImageUpload(req: FastifyRequest, opts: ImageUploadOptions): Promise<EncodedImage> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 415, `Send the image as multipart/form-data in the field "${opts.field}"`);
  const part = await req.file();
  if (!part || part.fieldname !== opts.field) throw badRequest(opts.missingMessage, [{ field: opts.field, message: opts.missingMessage }]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 413, opts.sizeMessage);
    throw err;
  }
  return reencodeImage(bytes, opts);
}

/**
 * Stores `image`, lets `attach` record its name in the database (answering the name it replaced),
 * then removes the replaced file. If `attach` fails the new file is removed, so no orphan is left.
 */
export async function storeAndAttach(
  store: ImageStore,
  image: EncodedImage,
  attach: (name: string) => Promise<string | null | undefined>,
): Promise<string> {
  const name = await store.save(image);
  let previous: string | null | undefined;
  try {
    previous = await attach(name);
  } catch (err) {
    await store.remove(name);
    throw err;
  }
  await store.remove(previous);
  return name;
}
