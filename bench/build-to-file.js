// Shared by bench/build-national.js and bench/build-large.js: one build written to a file, and its hash.
import { createReadStream, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

/**
 * Builds `options` into `file` with the builder module's buildSnapshotFile (section by section, no
 * joined copy) when it has one and `inMemory` is off, else with buildSnapshot's bytes (an older
 * builder, or --in-memory). Returns the snapshot's length and the issue log.
 */
export async function buildToFile(builder, options, file, inMemory) {
  if (builder.buildSnapshotFile && !inMemory) {
    const r = await builder.buildSnapshotFile(options, file);
    return { snapshotBytes: r.byteLength, issues: r.issues };
  }
  const r = await builder.buildSnapshot(options);
  writeFileSync(file, r.bytes);
  return { snapshotBytes: r.bytes.length, issues: r.issues };
}

/** The first 16 hex digits of a file's sha256, read in 1 MiB chunks (take peak RSS before calling). */
export async function sha256OfFile(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash.digest('hex').slice(0, 16);
}
