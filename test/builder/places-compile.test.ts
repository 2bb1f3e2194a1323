// FEATURE UNDER TEST: the place search sections the builder writes (settlements.*, postcodes.*, places.*, search.*) and their invariants.
import { describe, it, expect } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { newDataset, compileSnapshot, StopKind } from '@transit/builder';
import { SnapshotReader, StringTable } from '@transit/engine';

function world() {
  const ds = newDataset();
  ds.settlements.set('E1', { code: 'E1', name: 'Sheffield Centre', parent: 'Sheffield', lat: 53.38, lon: -1.47 });
  ds.stations.set('SHF', { crs: 'SHF', name: 'Sheffield', lat: 53.378, lon: -1.462 });
  const stop = (atco: string, name: string, kind: StopKind, lat: number) =>
    ds.stops.set(atco, { atco, naptanCode: '', name, shortName: '', indicator: 'opp', street: '', locality: 'Sheffield Centre', localityCode: 'E1', parentLocality: 'Sheffield', town: '', bearing: '', crs: '', lat, lon: -1.47, kind, inNaptan: true, active: true });
  stop('A', 'Fargate Road', StopKind.Bus, 53.381);
  stop('B', 'Sheffield Station', StopKind.Rail, 53.378);
  stop('C', 'Cathedral', StopKind.Tram, 53.382);
  for (const [code, lat] of [['S12HH', 53.1], ['S11AA', 53.2], ['LS14DY', 53.8], ['S11AA', 53.3], ['S101AA', 53.4], ['S1', 53.5]] as const) {
    ds.postcodes.push(code, lat, -1.5);
  }
  return ds;
}

describe('place sections', () => {
  const ds = world();
  const bytes = compileSnapshot(ds);
  const r = new SnapshotReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const strings = new StringTable(r.u8('strings.bytes'), r.u32('strings.offsets'));

  it('stores postcodes sorted by code as fixed-width bytes, duplicates and malformed codes reported', () => {
    const codes = r.u8('postcodes.codes');
    const list = Array.from({ length: codes.length / 7 }, (_, i) => String.fromCharCode(...codes.subarray(i * 7, i * 7 + 7)).replace(/\0+$/, ''));
    expect(list).toEqual(['LS14DY', 'S101AA', 'S11AA', 'S12HH']);
    expect([...r.i32('postcodes.latE6')]).toEqual([53_800_000, 53_400_000, 53_200_000, 53_100_000]); // first of the duplicates kept; millionths of a degree
    expect(ds.issues.kept.map((i) => `${i.code}:${i.entityId}`)).toEqual(['bad_postcode:S1', 'duplicate_id:S11AA']);
  });

  it('writes settlements with their kd-tree', () => {
    expect(strings.get(r.u32('settlements.name')[0])).toBe('Sheffield Centre');
    expect(strings.get(r.u32('settlements.parent')[0])).toBe('Sheffield');
    expect(strings.get(r.u32('settlements.code')[0])).toBe('E1');
    expect([...r.u32('settlements.kdIds')]).toEqual([0]);
  });

  it('keeps tokens in byte order, postings ascending and the inverse of place -> tokens', () => {
    const tokens = [...r.u32('search.tokens')].map((s) => strings.get(s));
    expect(tokens).toEqual([...tokens].sort((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b)))));
    expect(tokens).toEqual(expect.arrayContaining(['fargate', 'road', 'rd', 'opp', 'sheffield', 'centre', 'shf', 'rail', 'station', 'stn', 'cathedral']));
    const postingOffsets = r.u32('search.postingOffsets');
    const postings = r.u32('search.postings');
    const placeOffsets = r.u32('search.placeTokenOffsets');
    const placeTokens = r.u32('search.placeTokens');
    const fromPostings = new Set<string>();
    for (let t = 0; t < tokens.length; t++) {
      const ids = [...postings.subarray(postingOffsets[t], postingOffsets[t + 1])];
      expect(ids.map((p) => p & 0x7fffffff)).toEqual([...new Set(ids.map((p) => p & 0x7fffffff))].sort((a, b) => a - b));
      for (const p of ids) fromPostings.add(`${p & 0x7fffffff}:${tokens[t]}:${p >>> 31}`);
    }
    const fromPlaces = new Set<string>();
    for (let p = 0; p + 1 < placeOffsets.length; p++) {
      const own = [...placeTokens.subarray(placeOffsets[p], placeOffsets[p + 1])];
      for (const raw of own) if (!fromPlaces.has(`${p}:${tokens[raw & 0x7fffffff]}:1`)) fromPlaces.add(`${p}:${tokens[raw & 0x7fffffff]}:${raw >>> 31}`);
    }
    expect([...fromPostings].sort()).toEqual([...fromPlaces].sort());
  });

  it('lays places out as settlements, stations, stops; rail entrances get no words and no point', () => {
    // place ids: 0 settlement, 1 station, 2..4 stops A, B (rail entrance), C, then postcodes 5..8
    const placeOffsets = r.u32('search.placeTokenOffsets');
    expect(placeOffsets.length).toBe(1 + 1 + 3 + 1);
    expect(placeOffsets[4] - placeOffsets[3]).toBe(0);
    expect([...r.u32('places.kdIds')].sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8]);
    expect([...r.u8('search.nameTokenCounts')]).toEqual([2, 1, 2, 0, 1]);
    const rank = [...r.u32('places.rank')];
    expect([...rank].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(rank.slice(0, 2)).toEqual([0, 1]); // settlement, then station, then stops
  });

  it('keeps the typo index sorted by hash', () => {
    const hashes = [...r.u32('search.typoHashes')];
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).toEqual([...hashes].sort((a, b) => a - b));
    expect(r.u32('search.typoTokens').length).toBe(hashes.length);
  });

  it('documents every place section in docs/engine.md', () => {
    const doc = existsSync('docs/engine.md') ? readFileSync('docs/engine.md', 'utf8') : '';
    const places = doc.slice(doc.indexOf('## Places'));
    const names = r.header.sections.map((s) => s.name).filter((n) => /^(settlements|postcodes|places|search)\./.test(n));
    expect(names.length).toBe(20); // places.kdCoords is derived at open since the sixth session
    for (const name of names) expect(places, name).toContain(`\`${name}\``);
  });
});
