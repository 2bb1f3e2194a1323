// FEATURE UNDER TEST: trip ids front-coded in byte order (trips.idBytes, write/trip-ids.ts) read back by TripIds: every id by trip, every trip by id, misses, each trip's rank derived from trips.byId (the sixth session's stored trips.idRank still read), and older snapshots' trips.id through the string table.
import { describe, it, expect } from 'vitest';
import { SnapshotReader, TripIds, TRIP_ID_BLOCK, NOT_FOUND } from '@transit/engine';
import { compileTripIds } from '../../packages/builder/src/write/trip-ids.js';
import { SnapshotWriter } from '../../packages/builder/src/write/snapshot-writer.js';
import { StringPool, compareUtf8 } from '../../packages/builder/src/write/string-pool.js';
import { feedEngine } from '../support/snapshots.js';
import { gtfsFeeds } from '../support/data.js';
import { GtfsReference } from '../support/gtfs-reference.js';
import path from 'node:path';

const header = { schemaVersion: 1, builderVersion: 't', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies: [] };

/** TripIds over a snapshot holding only the trip id sections: front-coded, front-coded with the ranks stored (the sixth session's form), or as strings (the older form). */
function openIds(ids: string[], form: 'front' | 'ranked' | 'strings' = 'front', byIdOf = (c: { byId: Uint32Array }) => c.byId): TripIds {
  const w = new SnapshotWriter();
  if (form === 'strings') {
    const pool = new StringPool();
    const column = Uint32Array.from(ids, (id) => pool.intern(id));
    const { bytes, offsets } = pool.compile();
    const byId = compileTripIds(ids).byId;
    w.add('strings.bytes', bytes).add('strings.offsets', offsets).add('trips.id', column).add('trips.byId', byId);
  } else {
    const c = compileTripIds(ids);
    if (form === 'ranked') w.add('trips.idRank', ranksOf(c.byId));
    w.add('trips.idBlockOffsets', c.blockOffsets).add('trips.idBytes', c.bytes).add('trips.byId', byIdOf(c));
  }
  const bytes = w.toBytes(header);
  return TripIds.open(new SnapshotReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
}

/** Every id by trip and every trip by id; ids a byte off each real one are misses (failures collected, one expect each). */
function expectRoundTrip(ids: string[], t: TripIds): void {
  expect(t.count).toBe(ids.length);
  const known = new Set(ids);
  const wrong: string[] = [];
  ids.forEach((id, i) => {
    if (t.get(i) !== id) wrong.push(`get(${i}) = ${t.get(i)}, not ${id}`);
    if (t.find(id) !== i) wrong.push(`find(${id}) = ${t.find(id)}, not ${i}`);
    for (const miss of [id + '\0', id.slice(0, -1), id + 'z']) if (!known.has(miss) && t.find(miss) !== NOT_FOUND) wrong.push(`find(${JSON.stringify(miss)}) found ${t.find(miss)}`);
    if (t.byId[t.rank[i]] !== i) wrong.push(`rank of ${i}`);
    if (i > 0 && compareUtf8(ids[t.byId[i - 1]], ids[t.byId[i]]) >= 0) wrong.push(`byId out of order at ${i}`);
  });
  expect(wrong.slice(0, 5)).toEqual([]);
}

/** Trip -> position, the sixth session's `trips.idRank`. */
function ranksOf(byId: Uint32Array): Uint32Array {
  const rank = new Uint32Array(byId.length);
  byId.forEach((t, i) => (rank[t] = i));
  return rank;
}

const HAND = [
  'VJ0a1b2c3d4e5f60718293a4b5c6d7e8f9012345', 'VJ0a1b2c3d4e5f60718293a4b5c6d7e8f9012346', 'b', 'a', '', 'aa', 'ab', 'Tŷ Newydd 1', 'Tŷ Newydd 10', 'Zürich→Basel', '𝟙 trip',
  'x'.repeat(200) + '1', 'x'.repeat(200) + '2', 'x'.repeat(130), ...Array.from({ length: 3 * TRIP_ID_BLOCK + 5 }, (_, i) => `t${i % 7}_trip_${(i * 7919) % 1000}`),
];

describe('trip ids front-coded', () => {
  it('reads back hand-drawn ids: shared prefixes, non-ASCII, ids past 127 bytes, partial last block', () => {
    expectRoundTrip(HAND, openIds(HAND));
    expectRoundTrip(['only'], openIds(['only']));
    expect(openIds([]).find('a')).toBe(NOT_FOUND);
  });

  it('reads older snapshots (trips.id strings) the same way', () => {
    expectRoundTrip(HAND, openIds(HAND, 'strings'));
  });

  it('derives each trip\'s rank from trips.byId, equal to the ranks the sixth session stored, which still open', () => {
    const derived = openIds(HAND);
    const stored = openIds(HAND, 'ranked');
    expectRoundTrip(HAND, stored);
    expect([...derived.rank]).toEqual([...stored.rank]);
  });

  it('names trips.byId when it is not a permutation (the first rank asked for)', () => {
    const twice = openIds(HAND, 'front', (c) => Uint32Array.from(c.byId, (t, i) => (i === 3 ? c.byId[2] : t)));
    expect(() => twice.rank).toThrow(/trips\.byId is not a permutation/);
    const past = openIds(HAND, 'front', (c) => Uint32Array.from(c.byId, (t, i) => (i === 0 ? HAND.length : t)));
    expect(() => past.get(0)).toThrow(/trips\.byId is not a permutation/);
  });

  it('is smaller than the strings on ids with shared prefixes', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `VJ0a1b2c3d4e5f60718293a4b5c6d7e8f90${String(i).padStart(5, '0')}`);
    const c = compileTripIds(ids);
    expect(c.bytes.length).toBeLessThan(ids.join('').length / 4);
  });

  it('a real feed (Newport BODS ids): every trip_id of the snapshot is one of trips.txt, each found again', async () => {
    const feed = gtfsFeeds().find((f) => path.basename(f) === NEWPORT);
    const built = feedEngine(NEWPORT);
    if (!feed || !built) return; // no shared data: the real-data suites say so once
    const tt = built.engine.timetable;
    const ref = await GtfsReference.open(feed);
    const ids = Array.from({ length: tt.tripCount }, (_, t) => tt.tripIds.get(t));
    expect(ids.filter((id) => !ref.trips.has(id))).toEqual([]);
    expect(ids.length).toBeGreaterThan(1000);
    expectRoundTrip(ids, tt.tripIds);
  });
});

const NEWPORT = 'newport-20230613_gtfs.zip';
