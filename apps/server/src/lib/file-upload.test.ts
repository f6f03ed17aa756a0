import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readFileUpload } from './file-upload';

/** A request whose one file part ends as the multipart stream ended it: whole, or cut at the limit without an error. */
const requestWith = (truncated: boolean) => ({
  isMultipart: () => true,
  file: async () => ({ fieldname: 'file', filename: 'people.csv', fields: {}, file: { truncated }, toBuffer: async () => Buffer.from('First Name\nAna\n') }),
}) as unknown as FastifyRequest;

describe('readFileUpload', () => {
  it('refuses with 413 a file the stream cut at the limit even when no error was thrown (decision 042)', async () => {
    await expect(readFileUpload(requestWith(true), 'file', 'Choose a file', 10)).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('hands over a whole file', async () => {
    expect((await readFileUpload(requestWith(false), 'file', 'Choose a file', 10)).bytes.toString()).toBe('First Name\nAna\n');
  });
});
