import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import type { Blob, BlobStore } from './blob-store';

export interface S3BlobStoreOptions extends S3Settings {
  /** Keys per ListObjectsV2 page; S3 answers at most 1000. Tests lower it to cross pages cheaply. */
  pageSize?: number;
}

// DeleteObjects takes at most 1000 keys per request (S3 API reference).
const DELETE_BATCH = 1000;

/**
 * Files as objects in an S3-compatible bucket (decision 006), chosen by S3_BUCKET. The bucket must
 * exist; this store never creates or configures it. PutObject replaces an existing key where
 * PgBlobStore keeps the first: keys are never reused for other content, so both are the same file.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;

  constructor(opts: S3BlobStoreOptions) {
    this.bucket = opts.bucket;
    this.pageSize = Math.min(opts.pageSize ?? 1000, 1000);
    this.client = new S3Client({
      region: opts.region,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      ...(opts.endpoint
        ? {
            endpoint: opts.endpoint,
            // Self-hosted servers rarely have a DNS name per bucket: address it as endpoint/bucket/key.
            forcePathStyle: true,
            // The SDK's default CRC checksums on every request (since 2025) are refused by some
            // S3-compatible servers; send them only where the API requires one (DeleteObjects).
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  }

  async put(key: string, blob: Blob): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: blob.data, ContentType: blob.contentType }));
  }

  async get(key: string): Promise<Blob | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const data = Buffer.from(await res.Body!.transformToByteArray());
      return { data, contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there, as PgBlobStore does nothing.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeAll(prefix: string): Promise<void> {
    // List everything first, then delete: deleting while paging relies on how a server builds its
    // continuation tokens, which S3-compatible servers do not all do alike.
    const keys = await this.listKeys(prefix);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const res = await this.client.send(new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }));
      // DeleteObjects answers 200 even when some keys failed; those come back in Errors.
      const failed = res.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0]!;
        throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s), first ${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim());
      }
    }
  }

  /** Closes the client's keep-alive sockets (on app close). */
  destroy(): void {
    this.client.destroy();
  }

  /**
   * Stores a local file, streamed from disk (a backup of hundreds of MB never sits in memory). One
   * PutObject: the object appears whole or not at all.
   */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
  }

  /** `length` bytes of an object from `start` (a backup's header and first chunk). */
  async readRange(key: string, start: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${start + length - 1}` }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  /** An object as a stream with its size, or null when there is no such key. */
  async open(key: string): Promise<{ body: Readable; size: number } | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  }

  /** Every object under `prefix`, every page followed by its continuation token. */
  async list(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        MaxKeys: this.pageSize,
        ContinuationToken: token,
      }));
      for (const object of page.Contents ?? []) {
        if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? null });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  private async listKeys(prefix: string): Promise<string[]> {
    return (await this.list(prefix)).map((o) => o.key);
  }
}

/** An object as a bucket lists it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date | null;
}

/** A missing key; a missing bucket is a misconfiguration and stays an error. */
function isMissingKey(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchKey') return true;
  return e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
}
