import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Writes an inline feed to a temp folder and returns its path. Text holds files as sections:
 * a line `# stops.txt` starts a file, following lines are its content (leading spaces trimmed).
 * The folder then goes through the real builder like any GTFS folder or CSV file.
 */
export function feedFolder(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-'));
  let name = '';
  let lines: string[] = [];
  const flush = () => {
    if (name) writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+/, '');
    const header = /^#\s*(\S+\.(?:txt|csv))\s*$/.exec(line);
    if (header) {
      flush();
      name = header[1];
      lines = [];
    } else if (name && line) lines.push(line);
  }
  flush();
  return dir;
}
