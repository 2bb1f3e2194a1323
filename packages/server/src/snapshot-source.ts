import { readFileSync } from 'node:fs';
import { Engine } from '@transit/engine';

/** An opened snapshot and a label for logs (`demo` or the file path). */
export interface OpenedSnapshot {
  engine: Engine;
  label: string;
}

/** A snapshot file's bytes (one read; throws the fs error, e.g. ENOENT, naming the file). */
export function readSnapshotBytes(file: string): Uint8Array {
  return readFileSync(file);
}

/**
 * An Engine over snapshot bytes, viewed without a further copy unless they are a view into a
 * larger or pooled buffer (which readFileSync returns for small files), then sliced once.
 * Throws the engine's SnapshotFormatError for bytes that are not a snapshot.
 */
export function openEngine(bytes: Uint8Array): Engine {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return Engine.open(whole ? bytes.buffer : bytes.slice().buffer);
}

/** Opens a snapshot file (for embedding: `transit serve` loads through readSnapshotBytes). */
export function openSnapshotFile(file: string): OpenedSnapshot {
  return { engine: openEngine(readSnapshotBytes(file)), label: file };
}

