import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, lockDataDir, runningServerPid } from './data-dir';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'data-dir-'));
  dirs.push(dir);
  return dir;
}

/** A process that stays up; its stdout says when it is. */
function running(script: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, line: chunk.toString().trim() }));
    child.once('error', reject);
  });
}

/** The state letter of /proc/<pid>/stat, once it is the one awaited (a child's exit takes a moment). */
async function stateBecomes(pid: number, want: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 1).trim()[0] === want) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`process ${pid} never reached state ${want}`);
}

describe('the data folder lock', () => {
  it('refuses a second server while the one holding the folder runs', async () => {
    const dir = await dataDir();
    const { child } = await running('echo up; exec sleep 30');
    await writeFile(path.join(dir, 'server.lock'), String(child.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`DATA_DIR ${path.resolve(dir)} is in use by another running server (pid ${child.pid})`);
    expect(await runningServerPid(dir)).toBe(child.pid);
  });

  it('takes over the lock of a server that crashed and is now a zombie nobody reaped', async () => {
    if (process.platform !== 'linux') return;
    const dir = await dataDir();
    // The short sleep ends after its shell has become the long `sleep`, which never waits for its
    // children: the short one stays a zombie.
    const { line } = await running('sleep 0.3 & echo $!; exec sleep 30');
    const zombie = Number(line);
    await stateBecomes(zombie, 'Z');
    await writeFile(path.join(dir, 'server.lock'), String(zombie));

    expect(isAlive(zombie)).toBe(false);
    expect(await runningServerPid(dir)).toBeNull();
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('takes over the lock of a server that is gone', async () => {
    const dir = await dataDir();
    const { child } = await running('echo up; exec sleep 30');
    const pid = child.pid!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await writeFile(path.join(dir, 'server.lock'), String(pid));
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
