// FEATURE UNDER TEST: a source's fingerprint hashed on a worker thread (source/hash-files.ts): the hashes of the files' bytes, the worker's error with its message, a worker that ends without answering an error (not a wait without end), and a stop that rejects with no file left open.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { hashFilesOnWorker } from '../../packages/builder/src/source/hash-files.js';
import { openSource } from '../../packages/builder/src/source/feed-source.js';
import { openFilesUnder } from '../support/open-files.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hash-files-'));
const small = path.join(dir, 'small.txt');
const big = path.join(dir, 'big.bin');
writeFileSync(small, 'stop_id,stop_name\nS1,One\n');
const bigBytes = Buffer.alloc(3 * (1 << 20) + 17, 7); // more than one of the worker's reads
writeFileSync(big, bigBytes);
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe('hashFilesOnWorker', () => {
  it('gives each file\'s SHA-256 and length, in order', async () => {
    expect(await hashFilesOnWorker([big, small])).toEqual([
      { sha256: sha256(bigBytes), bytes: bigBytes.length },
      { sha256: sha256('stop_id,stop_name\nS1,One\n'), bytes: 25 },
    ]);
  });

  it('fingerprints a folder as the names and hashes of its files, sorted', async () => {
    const source = await openSource(dir);
    expect(await source.fingerprint()).toEqual({
      sha256: sha256(`big.bin:${sha256(bigBytes)}\nsmall.txt:${sha256('stop_id,stop_name\nS1,One\n')}\n`),
      bytes: bigBytes.length + 25,
    });
  });

  it('rejects with the worker\'s error and its message', async () => {
    await expect(hashFilesOnWorker([small, path.join(dir, 'missing.txt')])).rejects.toThrow(/ENOENT.*missing\.txt/);
  });

  it('rejects when stopped, once its file is closed', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(hashFilesOnWorker([big, small], stop.signal)).rejects.toThrow('the fingerprint was stopped');
    expect(openFilesUnder(dir) ?? []).toEqual([]);
  });

  // Worker scripts that end without an answer: the vitest timeout is what a wait without end would hit.
  const script = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);
  it('rejects when the worker exits without answering or throws outside its catch', async () => {
    await expect(hashFilesOnWorker([small], undefined, script('process.exit(3)'))).rejects.toThrow('the fingerprint worker exited (code 3) without an answer');
    await expect(hashFilesOnWorker([small], undefined, script('throw new RangeError("no memory left")'))).rejects.toThrow('the fingerprint worker failed: no memory left');
  });
});
