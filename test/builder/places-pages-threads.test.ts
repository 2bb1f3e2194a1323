// FEATURE UNDER TEST: the stored place pages computed on two threads (places/place-pages-threads.ts): the same columns as one thread, an error on the worker thread surfaces with its own message, and a worker thread that ends without answering is an error, not a wait without end.
import { describe, it, expect } from 'vitest';
import { SnapshotReader, type PlacePageColumns } from '@transit/engine';
import { compileSnapshot } from '@transit/builder';
import { compilePlacePagesOnTwoThreads, startPlacePagesWorker } from '../../packages/builder/src/places/place-pages-threads.js';
import { compilePlacePages } from '../../packages/builder/src/places/compile-place-pages.js';
import { addPostcode, randomWorld } from '../engine/places-fixture.js';
import { sharedCopy } from '../support/snapshots.js';

/** The seeded place world compiled without pages, in shared memory (what the worker views). */
function worldSnapshot(): SharedArrayBuffer {
  const { ds } = randomWorld(5, 1500);
  for (let i = 0; i < 30; i++) addPostcode(ds, `A1${i % 10}${'ABD'[i % 3]}${'EFG'[Math.floor(i / 10)]}`, 53.4 + i * 0.001, -1.5);
  const bytes = compileSnapshot(ds, { builtAt: '2026-01-01T00:00:00.000Z', placePageMinPostings: Infinity });
  return sharedCopy(bytes);
}

const plain = (p: PlacePageColumns) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Array.from(v as Uint32Array)]));

describe('place pages on two threads', () => {
  const snapshot = worldSnapshot();

  it('gives the columns one thread gives, words and name prefixes', async () => {
    for (const choice of [{ minPostings: 20, minWork: Infinity }, { minPostings: 5, minWork: 50 }]) {
      const one = compilePlacePages(new SnapshotReader(snapshot), choice);
      const two = await compilePlacePagesOnTwoThreads(snapshot, choice);
      expect(one.totals.length, JSON.stringify(choice)).toBeGreaterThan(50); // both parts hold texts
      expect(plain(two), JSON.stringify(choice)).toEqual(plain(one));
    }
  });

  it('rejects with the worker thread\'s error and its message', async () => {
    const bad = new SharedArrayBuffer(snapshot.byteLength);
    new Uint8Array(bad).set(new Uint8Array(snapshot));
    new Uint8Array(bad)[0] ^= 0xff; // the magic bytes: both threads refuse it
    let inline: Error | undefined;
    try {
      compilePlacePages(new SnapshotReader(bad), { minPostings: 20 });
    } catch (err) {
      inline = err as Error;
    }
    expect(inline?.message).toMatch(/./);
    const worker = startPlacePagesWorker(bad, { minPostings: 20 });
    try {
      await expect(worker.result).rejects.toThrow(inline!.message);
    } finally {
      worker.stop();
    }
    await expect(compilePlacePagesOnTwoThreads(bad, { minPostings: 20 })).rejects.toThrow(inline!.message);
  });

  // Worker scripts that end without an answer: the vitest timeout is what a wait without end would hit.
  const script = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);
  it('rejects when the worker thread exits before answering', async () => {
    await expect(compilePlacePagesOnTwoThreads(snapshot, { minPostings: 20 }, script('process.exit(3)'))).rejects.toThrow('the place pages worker exited (code 3) without an answer');
    await expect(compilePlacePagesOnTwoThreads(snapshot, { minPostings: 20 }, script('// nothing posted'))).rejects.toThrow('the place pages worker exited (code 0) without an answer');
  });

  it('rejects when the worker thread throws outside its own catch', async () => {
    await expect(compilePlacePagesOnTwoThreads(snapshot, { minPostings: 20 }, script('throw new RangeError("no memory left")'))).rejects.toThrow('the place pages worker failed: no memory left');
  });
});
