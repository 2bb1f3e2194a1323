import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileByteSource, memoryByteSource, type ByteSource } from './byte-source.js';
import { parseOsm, type LatLonBox } from './parse-osm.js';
import type { OsmStreets } from './osm-streets.js';
import type { Progress } from '../progress.js';

/** Provenance of one input, as the snapshot header records it. */
export interface FeedEntry {
  kind: string;
  name: string;
  sha256: string;
  bytes: number;
}

/**
 * Reads the street network of OSM PBF files and of in-memory PBF bytes (the demo) into one
 * network, with a provenance entry per input; null streets when there is no input. With
 * `within`, only the ways that reach into that box are kept (see `parseOsm`).
 */
export async function readStreets(paths: readonly string[], memory: readonly { name: string; bytes: Uint8Array }[], progress?: Progress, within?: LatLonBox): Promise<{ streets: OsmStreets | null; feeds: FeedEntry[] }> {
  if (paths.length + memory.length === 0) return { streets: null, feeds: [] };
  const sources: ByteSource[] = memory.map((m) => memoryByteSource(m.name, m.bytes));
  const feeds: FeedEntry[] = [];
  try {
    for (const m of memory) feeds.push({ kind: 'demo', name: m.name, sha256: createHash('sha256').update(m.bytes).digest('hex'), bytes: m.bytes.length });
    for (const p of paths) {
      const source = await fileByteSource(p);
      sources.push(source);
      feeds.push({ kind: 'osm', name: path.basename(p), ...(await hashSource(source)) });
    }
    return { streets: await parseOsm(sources, progress, within), feeds };
  } finally {
    for (const s of sources) await s.close();
  }
}

async function hashSource(source: ByteSource): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const chunk = 1 << 20;
  for (let at = 0; at < source.size; at += chunk) hash.update(await source.read(at, Math.min(chunk, source.size - at)));
  return { sha256: hash.digest('hex'), bytes: source.size };
}
