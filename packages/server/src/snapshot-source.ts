import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Engine } from '@transit/engine';

/** An opened snapshot and a label for logs (`demo` or the file path). */
export interface OpenedSnapshot {
  engine: Engine;
  label: string;
}

/**
 * A snapshot file's bytes, read straight into shared memory: the worker threads view these very
 * bytes (toShared takes them as they are), so a snapshot is held once, never as a file buffer
 * plus a shared copy (which doubled the resident memory at start: 834 MiB for a 334 MiB national
 * snapshot). Throws the fs error (e.g. ENOENT) naming the file.
 */
export function readSnapshotBytes(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const n = readSync(fd, bytes, at, Math.min(size - at, 1 << 30), at);
      if (n === 0) throw new Error(`${file} changed while it was read (${at} of ${size} bytes)`);
      at += n;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
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

