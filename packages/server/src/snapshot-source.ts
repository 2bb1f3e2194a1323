import { readFileSync } from 'node:fs';
import { Engine } from '@transit/engine';

/** An opened snapshot and a label for logs (`demo` or the file path). */
export interface OpenedSnapshot {
  engine: Engine;
  label: string;
}

/**
 * Opens a snapshot file: one `readFileSync` into a buffer, viewed by the engine without a
 * further copy (a pooled or offset buffer, which readFileSync does not return for big files,
 * is sliced once). Throws the engine's SnapshotFormatError for a file that is not a snapshot.
 */
export function openSnapshotFile(file: string): OpenedSnapshot {
  const buf = readFileSync(file);
  const whole = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
  const bytes = whole ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  return { engine: Engine.open(bytes), label: file };
}

/** Builds the generated demo dataset in memory (a few seconds) and opens it. */
export async function openDemoSnapshot(): Promise<OpenedSnapshot> {
  const { buildSnapshot } = await import('@transit/builder');
  const { bytes } = await buildSnapshot({ demo: true, quiet: true });
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { engine: Engine.open(whole ? bytes.buffer : bytes.slice().buffer), label: 'demo' };
}
