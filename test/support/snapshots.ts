import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { Engine } from '@transit/engine';

/** Reads a snapshot file into an ArrayBuffer of its own (what a server does at start). */
export function readSnapshot(file: string): ArrayBuffer {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
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
