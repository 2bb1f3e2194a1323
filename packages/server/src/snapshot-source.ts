import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { DTYPE_BYTES, Engine, OPEN_ONLY_SECTIONS, PREAMBLE_BYTES, SnapshotFormatError, SnapshotReader } from '@transit/engine';

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
 * A snapshot file read for a server's workers: `shared`, the file in shared memory without the
 * sections only read at open (OPEN_ONLY_SECTIONS: left unread, so zero pages that hold no memory),
 * which the workers view with the main engine's tables; and `openOnly`, a buffer of the file's
 * size holding just those sections at their offsets, for the main engine's open
 * (`Engine.open(shared, { share: true, openOnly })`), dropped once it has derived its tables. At
 * GB size that keeps 134 MiB (the packed footpaths, the profile deltas, trip starts and profiles)
 * out of the server's resident memory.
 */
export interface SnapshotApart {
  readonly shared: SharedArrayBuffer;
  readonly openOnly: ArrayBuffer;
}

/** The shared copies readSnapshotApart made: an engine over one needs tables derived with its `openOnly` (see lacksOpenOnlySections). */
const readApart = new WeakSet<ArrayBufferLike>();

/** Whether `snapshot` is a shared copy from readSnapshotApart, which lacks OPEN_ONLY_SECTIONS: an engine opens it only with `tables`. */
export function lacksOpenOnlySections(snapshot: ArrayBufferLike): boolean {
  return readApart.has(snapshot);
}

/** Reads a snapshot file as SnapshotApart. Throws the fs error naming the file, or SnapshotFormatError for a file that is not a snapshot. */
export function readSnapshotApart(file: string): SnapshotApart {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(shared);
    // The preamble says how long the header is; with both in place the reader lists the sections.
    readRange(fd, file, bytes, 0, Math.min(size, PREAMBLE_BYTES));
    const headerEnd = size >= PREAMBLE_BYTES ? Math.min(size, SnapshotReader.headerEnd(shared)) : size;
    readRange(fd, file, bytes, PREAMBLE_BYTES, headerEnd);
    const ranges = new SnapshotReader(shared).header.sections
      .map((s) => ({ name: s.name, start: s.byteOffset, end: s.byteOffset + s.length * DTYPE_BYTES[s.dtype], apart: OPEN_ONLY_SECTIONS.includes(s.name) }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    // A section read apart must share no byte with one read into the copy (the builder never overlaps sections; a file that does would serve zeros there).
    for (let i = 1; i < ranges.length; i++) {
      const [a, b] = [ranges[i - 1], ranges[i]];
      if (b.start < a.end && (a.apart || b.apart) && a.end > a.start && b.end > b.start) throw new SnapshotFormatError(`Sections ${a.name} and ${b.name} overlap: ${file} is corrupt. Rebuild the snapshot.`);
    }
    const apart = ranges.filter((r) => r.apart).map((r) => [r.start, r.end] as const);
    const openOnly = new ArrayBuffer(size);
    const other = new Uint8Array(openOnly);
    let at = headerEnd;
    for (const [start, end] of apart) {
      readRange(fd, file, bytes, at, start);
      readRange(fd, file, other, start, end);
      at = Math.max(at, end);
    }
    readRange(fd, file, bytes, at, size);
    readApart.add(shared);
    return { shared, openOnly };
  } finally {
    closeSync(fd);
  }
}

/** Reads file bytes [start, end) into `into` at the same offsets. */
function readRange(fd: number, file: string, into: Uint8Array, start: number, end: number): void {
  let at = start;
  while (at < end) {
    const n = readSync(fd, into, at, Math.min(end - at, 1 << 30), at);
    if (n === 0) throw new Error(`${file} changed while it was read (${at} of ${into.length} bytes)`);
    at += n;
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

