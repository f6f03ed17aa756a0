import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../context';
import { startBackup } from './run-backup';

/** Where a server on the embedded database tells `npm run backup` how to reach it. */
export const controlFileOf = (dataDir: string) => path.join(dataDir, 'control.json');

export interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

/** One line of the answer to POST /backup: progress, then the file or the reason it failed. */
export type ControlLine = { progress: number } | { location: string; bytes: number } | { error: string };

/**
 * Only one process may open the embedded database's folder (decision 001), so `npm run backup`
 * cannot read it while the server runs: it asks the server (decision 032). The server listens on
 * loopback only, on a port of the system's choosing, and writes the port and a random token to
 * DATA_DIR/control.json with mode 0600: whoever can read that file is already able to read the
 * database files beside it. Answers newline-delimited JSON as the backup goes.
 */
export async function startControlServer(ctx: AppContext): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = createServer((req, res) => void handle(ctx, expected, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const file = controlFileOf(ctx.dataDir);
  const body: ControlFile = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  await writeFile(`${file}.tmp`, JSON.stringify(body), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return async () => {
    await rm(file, { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

async function handle(ctx: AppContext, expected: Buffer, req: IncomingMessage, res: ServerResponse) {
  const given = Buffer.from(req.headers.authorization ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    res.writeHead(401).end();
    return;
  }
  if (req.method !== 'POST' || req.url !== '/backup') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const write = (line: ControlLine) => res.write(`${JSON.stringify(line)}\n`);
  try {
    const { done } = await startBackup(ctx, { trigger: 'command', onProgress: (progress) => write({ progress }) });
    const result = await done;
    write({ location: result.location, bytes: result.size });
  } catch (err) {
    write({ error: err instanceof Error ? err.message : String(err) });
  }
  res.end();
}

/** The running server's control file, if a live server wrote it. */
export async function readControlFile(dataDir: string): Promise<ControlFile | null> {
  try {
    return JSON.parse(await readFile(controlFileOf(dataDir), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
}
