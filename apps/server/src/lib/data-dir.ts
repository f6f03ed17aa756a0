import { access, constants, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirError extends Error {}

/** Creates DATA_DIR if needed and proves it writable, with a message a person can act on. */
export async function ensureWritableDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new DataDirError(`DATA_DIR ${path.resolve(dir)} is not writable (${reason}): choose a folder this user can write to`);
  }
}

/**
 * Whether a process with this id runs (one of another user counts: it answers EPERM). A process
 * that died but was not yet reaped by its parent (a zombie, e.g. a crashed server under a
 * supervisor that has not waited for it) still answers the signal, yet runs nothing and holds no
 * files: on Linux its state in /proc says so, and it counts as dead.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' && !isDeadInProc(pid);
  }
  return !isDeadInProc(pid);
}

/** /proc/<pid>/stat's state is Z (zombie) or X (dead); false where there is no /proc. */
function isDeadInProc(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (command) state …": the command may hold spaces and parentheses, so read after the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state === 'Z' || state === 'X';
}

/** The id of the live server holding `dir` (its server.lock), or null when none does. */
export async function runningServerPid(dir: string): Promise<number | null> {
  const pid = Number((await readFile(path.join(dir, 'server.lock'), 'utf8').catch(() => '')).trim());
  return pid && isAlive(pid) ? pid : null;
}

/**
 * Only one process may open an embedded PGlite folder (ARCHITECTURE.md section 9); a second one
 * would corrupt it. A pid lock turns that into a clear start-up error. A lock left by a process
 * that died is taken over, so a restart after a crash still works.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirError(`DATA_DIR ${path.resolve(dir)} is in use by another running server (pid ${pid}); stop it or choose another DATA_DIR`);
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirError(`Could not lock DATA_DIR ${path.resolve(dir)}`);
}
