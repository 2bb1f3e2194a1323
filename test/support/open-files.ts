import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Files under `dir` this process still holds open (Linux: /proc/self/fd), or null where the
 * system does not say. For tests that a failed build or a stopped worker leaves no file open
 * (a temp file unlinked at once would not show in its folder).
 */
export function openFilesUnder(dir: string): string[] | null {
  if (!existsSync('/proc/self/fd')) return null;
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir + path.sep)) open.push(target);
    } catch {
      // The fd readdir itself used, closed since.
    }
  }
  return open;
}
