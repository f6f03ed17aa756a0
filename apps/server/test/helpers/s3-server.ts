import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/config';

export interface TestS3Server {
  /** Settings for a bucket that exists on the server. */
  settings: S3Settings;
  /** The same as environment variables, for createTestApp. */
  env: Record<string, string>;
  /** A client of the server, to look into the bucket from a test. */
  client: S3Client;
  close(): Promise<void>;
}

// s3rver's built-in account; it checks SigV4 signatures against this pair.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

// s3rver (last released 2021) makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3
// only has in its legacy provider. It runs in a child process with that provider, so the test
// process's own crypto stays as in production. It exits when its stdin closes (the test is gone).
const serverScript = `
const S3rver = require(process.argv[1]);
new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true })
  .run()
  .then(({ port }) => console.log(JSON.stringify({ port })), (err) => { console.error(err); process.exit(1); });
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * A real S3-compatible server (s3rver) on a free loopback port with its files in a temporary
 * directory, and one empty bucket, created through the S3 API as an operator would.
 */
export async function startS3Server(bucket = 'sermon-files'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', serverScript, s3rverPath, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    settings: { bucket, region, endpoint, ...credentials },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    client,
    async close() {
      client.destroy();
      child.stdin!.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
