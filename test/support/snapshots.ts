import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { Engine, type TypedArray } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';

/** Reads a snapshot file into an ArrayBuffer of its own (what a server does at start). */
export function readSnapshot(file: string): ArrayBuffer {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

/** A copy of snapshot bytes in shared memory (what a server's main thread opens with `share` and its workers view). */
export function sharedCopy(bytes: ArrayBuffer | Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  return shared;
}

let demo: Engine | undefined;
let real: Engine | null | undefined;

/** The demo snapshot built by the global setup. */
export function demoEngine(): Engine {
  return (demo ??= Engine.open(readSnapshot(inject('demoSnapshot'))));
}

/** The real South Yorkshire snapshot, or null when ../shared/data is absent. */
export function realEngine(): Engine | null {
  if (real === undefined) {
    const file = inject('realSnapshot');
    real = file ? Engine.open(readSnapshot(file)) : null;
  }
  return real;
}

const feeds = new Map<string, Engine>();

/**
 * The snapshot of one real GTFS feed of shared/data (by zip base name, e.g. `GTFS.zip`), built
 * once per test run by the global setup, with the build's issue counts; null without the data.
 */
export function feedEngine(name: string): { engine: Engine; issues: Record<string, number>; total: number } | null {
  const entry = inject('feedSnapshots')[name];
  if (!entry) return null;
  let engine = feeds.get(name);
  if (!engine) feeds.set(name, (engine = Engine.open(readSnapshot(entry.file))));
  return { engine, issues: entry.issues, total: entry.total };
}

/** `e`'s snapshot bytes with the sections `drop` names left out and `extra`'s added (or replacing), the header otherwise as it is: older or corrupt forms of a section. */
export function rewriteSections(e: Engine, drop: (name: string) => boolean, extra: Record<string, TypedArray>): ArrayBuffer {
  const r = e.reader;
  const w = new SnapshotWriter();
  for (const s of r.header.sections) if (!drop(s.name) && !(s.name in extra)) w.add(s.name, r.any(s.name) as TypedArray);
  for (const [name, column] of Object.entries(extra)) w.add(name, column);
  const { sections: _, ...header } = r.header;
  return w.toBytes(header).buffer as ArrayBuffer;
}
