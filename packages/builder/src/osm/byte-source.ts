import { open, type FileHandle } from 'node:fs/promises';
import { BuildError } from '../issues.js';

/** Random-access bytes of one input: a file read piece by piece, or bytes in memory (demo, tests). */
export interface ByteSource {
  /** Display name (the path as given). */
  readonly name: string;
  /** Total bytes. */
  readonly size: number;
  /** `length` bytes from `offset`; fewer only at the end of the input. The result may be reused by the next read. */
  read(offset: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Opens a file for reading in pieces (never loaded whole). Throws BuildError when it cannot be opened. */
export async function fileByteSource(path: string): Promise<ByteSource> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (err) {
    throw new BuildError(`Cannot read ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`);
  }
  const size = (await fh.stat()).size;
  let scratch = new Uint8Array(1 << 16);
  return {
    name: path,
    size,
    async read(offset, length) {
      if (scratch.length < length) scratch = new Uint8Array(Math.max(length, scratch.length * 2));
      const { bytesRead } = await fh.read(scratch, 0, length, offset);
      return scratch.subarray(0, bytesRead);
    },
    close: () => fh.close(),
  };
}

/** Bytes already in memory. */
export function memoryByteSource(name: string, bytes: Uint8Array): ByteSource {
  return {
    name,
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
    close: async () => {},
  };
}
