import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** Other fields of the form, sent before the file. */
  fields: Record<string, string>;
}

const tooLarge = () => new AppError('payload_too_large', 413, 'The file is too large');

/**
 * One file from a multipart request, whole, as bytes (glossary CSV, prepared text): 415 when not
 * multipart, 400 without the file, 413 over the multipart plugin's size limit.
 */
export async function readFileUpload(req: FastifyRequest, field: string, missingMessage: string, maxBytes?: number): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 415, `Send the file as multipart/form-data in the field "${field}"`);
  const part = await req.file(maxBytes ? { limits: { fileSize: maxBytes } } : undefined);
  if (!part || part.fieldname !== field) throw badRequest(missingMessage, [{ field, message: missingMessage }]);
  try {
    const bytes = await part.toBuffer();
    // A stream cut at the limit can end without an error, depending on where the cut falls in its
    // chunks: the multipart stream says so in `truncated`, and a cut file is never read as whole.
    if (part.file.truncated) throw tooLarge();
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const v = Array.isArray(value) ? value[0] : value;
      if (v && v.type === 'field' && typeof v.value === 'string') fields[name] = v.value;
    }
    return { filename: part.filename, bytes, fields };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}
