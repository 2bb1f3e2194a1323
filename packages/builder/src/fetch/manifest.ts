import { readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';

/** A complete file in the cache and the validators its server sent. */
export interface CachedFile {
  /** Source URL, without any API key. */
  url: string;
  file: string;
  etag?: string;
  lastModified?: string;
  bytes: number;
  sha256: string;
  /** ISO time it was downloaded, and last confirmed unchanged. */
  fetchedAt: string;
  checkedAt: string;
}

/** A download under way (`FILE.part`): what it must match to be resumed. */
export interface PartialFile {
  url: string;
  /** Strong ETag or Last-Modified, sent as If-Range. */
  validator: string;
  /** Full size in bytes when the server said. */
  total?: number;
}

/** `manifest.json` of a cache folder, by source name. */
export interface Manifest {
  version: 1;
  sources: Record<string, CachedFile>;
  partial: Record<string, PartialFile>;
}

const MANIFEST_FILE = 'manifest.json';

/** Reads a cache folder's manifest; a missing or unreadable one starts empty (files are then fetched again). */
export async function readManifest(dir: string): Promise<Manifest> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    if (m.version === 1 && m.sources && m.partial) return m;
  } catch {
    // absent or damaged: start again
  }
  return { version: 1, sources: {}, partial: {} };
}

/** Writes the manifest through a temporary file and a rename, so it is never half-written. */
export async function writeManifest(dir: string, m: Manifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, JSON.stringify(m, null, 2) + '\n');
  await rename(tmp, file);
}
