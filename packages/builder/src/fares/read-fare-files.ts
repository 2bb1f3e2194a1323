import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { BuildError } from '../issues.js';
import type { FareFile } from './fare-file.js';
import { MAX_FARE_AREAS, validateFareFile } from './validate-fare-file.js';

/** The South and West Yorkshire fare file shipped with the builder (used when no fare file is given). */
export const DEFAULT_FARE_FILE = fileURLToPath(new URL('../../data/fares/yorkshire.json', import.meta.url));

/** Fare files merged into one, with a fingerprint of each for the snapshot's feed list. */
export interface FareInputs {
  fares: FareFile;
  feeds: { kind: string; name: string; sha256: string; bytes: number }[];
}

/**
 * Reads, validates and merges fare files in order (areas and rules appended; ids must be unique
 * across files). Throws BuildError on an unreadable file, bad JSON or an invalid field.
 */
export async function readFareFiles(paths: readonly string[]): Promise<FareInputs> {
  const merged: FareFile = { file: paths.join(', '), name: '', areas: [], rules: [] };
  const feeds: FareInputs['feeds'] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (err) {
      throw new BuildError(`Cannot read fare file ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`);
    }
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw new BuildError(`Fare file ${path} is not valid JSON: ${(err as Error).message}.`);
    }
    const file = validateFareFile(path, doc);
    feeds.push({ kind: 'fares', name: path === DEFAULT_FARE_FILE ? 'default:yorkshire.json' : path, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
    merge(merged, file);
  }
  merged.name = feeds.map((f) => f.name).join(', ');
  return { fares: merged, feeds };
}

function merge(into: FareFile, file: FareFile): void {
  const clash = <T extends { id: string }>(have: T[], add: T[], what: string) => {
    const ids = new Set(have.map((x) => x.id));
    const dup = add.find((x) => ids.has(x.id));
    if (dup) throw new BuildError(`Fare file ${file.file}: ${what} id ${JSON.stringify(dup.id)} is already used by an earlier fare file.`);
  };
  clash(into.areas, file.areas, 'area');
  clash(into.rules, file.rules, 'fare');
  const offset = into.areas.length;
  into.areas.push(...file.areas);
  into.rules.push(...file.rules.map((r) => ({ ...r, area: r.area + offset })));
  if (into.areas.length > MAX_FARE_AREAS) throw new BuildError(`Fare file ${file.file}: too many areas (${into.areas.length}); at most ${MAX_FARE_AREAS} across all fare files.`);
}
