import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Writes inline CIF files (`{ 'TEST.MCA': text, 'TEST.MSN': text }`) to a temp folder and
 * returns its path, for `--cif`. Leading indentation is removed from every line and blank lines
 * dropped; CIF records never start with a space, and trailing spaces may be left out.
 */
export function cifFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cif-'));
  for (const [name, text] of Object.entries(files)) {
    const lines = text.split('\n').map((l) => l.replace(/^\s+/, '')).filter((l) => l);
    writeFileSync(path.join(dir, name), lines.join('\r\n') + '\r\n'); // CRLF, as RDG ships them
  }
  return dir;
}
