import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Lock files this process holds (a lock with our pid and not in here is a previous process's). */
const HELD = new Set<string>();

/** Name of the lock file in a region's cache folder. */
export const LOCK_FILE = '.lock';

/** Another live `transit fetch` holds the cache folder; the message says which and what to do. */
export class CacheLockedError extends Error {
  override readonly name = 'CacheLockedError';
}

/** A held cache lock. */
export interface CacheLock {
  /** Set when a lock left by a process that no longer runs was taken over (its pid). */
  readonly tookOverFrom: number | null;
  /** Removes the lock file (only if it is still this one). Never throws. */
  release(): Promise<void>;
}

/** What a lock file holds: the owner's pid, a token telling two owners with one pid apart, and when. */
interface LockContent {
  pid: number;
  token: string;
  since: string;
}

/**
 * Takes the lock of one cache folder (`dir/.lock`), so two `transit fetch` runs never write the
 * same files and manifest at once. The file is created exclusively (a hard link of a complete
 * temporary file: never seen half-written) and holds the pid. When it exists and its process is
 * alive, throws CacheLockedError; a lock whose process is gone (a killed run) is taken over: it is
 * moved aside atomically (of two runs taking it over, one moves it) and checked again after the
 * move, so a fresh lock moved by mistake is put back.
 */
export async function acquireCacheLock(dir: string): Promise<CacheLock> {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, token: randomBytes(8).toString('hex'), since: new Date().toISOString() };
  const text = JSON.stringify(mine) + '\n';
  const tmp = `${file}.${mine.token}`;
  await writeFile(tmp, text);
  let tookOverFrom: number | null = null;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(tmp, file);
        HELD.add(file);
        return { tookOverFrom, release: () => release(file, text) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const held = await readLock(file);
      if (held === 'gone') continue;
      if (held && isAlive(held.pid, file)) throw lockedError(dir, held);
      // Stale: its process is gone (or the file is not a lock this command wrote).
      const aside = `${file}.stale-${mine.token}`;
      try {
        await rename(file, aside);
      } catch {
        continue; // another run moved it first
      }
      const moved = await readLock(aside);
      if (moved && moved !== 'gone' && isAlive(moved.pid, file)) {
        // A fresh lock taken between our read and our move: put it back and give way.
        await link(aside, file).catch(() => undefined);
        await unlink(aside).catch(() => undefined);
        throw lockedError(dir, moved);
      }
      await unlink(aside).catch(() => undefined);
      tookOverFrom = held ? held.pid : -1;
    }
    throw new CacheLockedError(`cannot take the cache lock ${file}: other runs keep taking it.`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** The lock's content; null when it cannot be parsed (treated as stale), 'gone' when it vanished. */
async function readLock(file: string): Promise<LockContent | null | 'gone'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return 'gone';
  }
  try {
    const c = JSON.parse(text) as LockContent;
    return Number.isInteger(c.pid) && c.pid > 0 ? c : null;
  } catch {
    return null;
  }
}

/**
 * True when process `pid` runs (EPERM: it runs as another user). Our own pid holds `file` only if
 * this process took it (else it is a previous process's that had our pid, as pid 1 in containers).
 */
function isAlive(pid: number, file: string): boolean {
  if (pid === process.pid) return HELD.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(dir: string, held: LockContent): CacheLockedError {
  return new CacheLockedError(`the cache folder ${dir} is in use by another transit fetch (pid ${held.pid}, since ${held.since}); wait for it to end (if no such process runs, remove ${path.join(dir, LOCK_FILE)}).`);
}

async function release(file: string, text: string): Promise<void> {
  HELD.delete(file);
  try {
    if ((await readFile(file, 'utf8')) === text) await unlink(file);
  } catch {
    // already gone
  }
}
