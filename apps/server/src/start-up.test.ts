import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Runs the real entry point and returns its exit code and error output. */
function runMain(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('start-up failures are one clear line', () => {
  it('stops on a bad PORT naming the variable', async () => {
    const { code, stderr } = await runMain({ PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid environment variable PORT: /)]);
  });

  it('explains a DATA_DIR that is a file, without a stack trace', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'file-'));
    dirs.push(parent);
    const file = path.join(parent, 'not-a-folder');
    await writeFile(file, 'x');
    const { code, stderr } = await runMain({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(stderr).toMatch(/DATA_DIR .* is not writable/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a second server on the same embedded data folder, and restarts cleanly after', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'twice-'));
    dirs.push(dataDir);
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' };
    const first = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env });
    await new Promise<void>((resolve, reject) => {
      first.stdout.on('data', (d: Buffer) => d.toString().includes('is running') && resolve());
      first.on('exit', () => reject(new Error('first server exited')));
    });
    const second = await runMain({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another running server/);
    await new Promise((resolve) => {
      first.on('exit', resolve);
      first.kill('SIGTERM');
    });
    const third = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env });
    const started = await new Promise<boolean>((resolve) => {
      third.stdout.on('data', (d: Buffer) => d.toString().includes('is running') && resolve(true));
      third.on('exit', () => resolve(false));
    });
    // Its shutdown still writes to the folder: removing it before the exit races with that.
    await new Promise((resolve) => {
      if (third.exitCode !== null) resolve(null);
      third.on('exit', resolve);
      third.kill('SIGTERM');
    });
    expect(started).toBe(true);
  // Three server processes start from source one after another: on a busy 2-core machine (CI runs
  // the test files in parallel) that alone can pass the default 30 s.
  }, 90_000);
});
