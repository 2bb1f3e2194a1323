// FEATURE UNDER TEST: correctness at national scale, at a small tile count. The real Newport feed
// tiled 4 times over GB (bench/national-feed.js, ids prefixed per tile), with tiled NaPTAN stops
// and postcodes, built into one snapshot: tile 0 (left in place) answers exactly as the untiled
// feed, and every other tile answers only with its own trips, stops and places.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../packages/builder/src/index.js';
import { Engine, UNREACHED, parseDay, type BoardType } from '@transit/engine';
// @ts-expect-error: a plain JS script of bench/, shared with the national benchmarks.
import { writeNationalFeed, tilePrefix } from '../../bench/national-feed.js';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { WINDOWS, mulberry32 } from '../support/board-compare.js';
import { londonTime } from '../support/gtfs-reference.js';

const TILES = 4;
const DATE = '2023-06-13'; // a Tuesday inside the Newport feed's calendar
const FEED = 'newport-20230613_gtfs.zip';

interface Manifest {
  tiles: { tile: number; prefix: string; cell: [number, number, number, number] }[];
  rows: Record<string, number>;
}

const WORLD = { minLat: -90, minLon: -180, maxLat: 90, maxLon: 180 };
/** Every stop's ATCO code (a box query over the world; a test may scan the whole snapshot). */
const allStops = (e: Engine) => e.stops({ box: WORLD, offset: 0, limit: 1_000_000 }).items.map((s) => s.atcocode);

/** A result with dense indices dropped and tile 0's prefix taken off every id. */
function untiled(value: unknown): unknown {
  const json = JSON.stringify(value, (k, v) => (k.endsWith('Idx') || k === 'serviceDay' ? undefined : v));
  return JSON.parse(json.replaceAll(tilePrefix(0), ''));
}

describe.skipIf(!HAVE_DATA)('a national snapshot made of 4 tiles of the real Newport feed', () => {
  let dir: string;
  let manifest: Manifest;
  let tiled: Engine;
  let plain: Engine;
  let sample: string[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'national-tiles-'));
    manifest = await writeNationalFeed({ tiles: TILES, out: dir, feeds: ['newport'], naptanTiles: 8, postcodeTiles: 2 });
    const { bytes } = await buildSnapshot({
      gtfs: [path.join(dir, 'gtfs')],
      naptan: [path.join(dir, 'naptan/Stops.csv')],
      postcodes: [path.join(dir, 'postcodes/postcodes.csv')],
      quiet: true,
    });
    tiled = Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    plain = feedEngine(FEED)!.engine;
    // 40 seeded stops of the untiled feed that have departures on DATE.
    const rand = mulberry32(16);
    const all = allStops(plain).sort();
    const from = londonTime(DATE, 6, 0);
    sample = [];
    for (let tries = 0; sample.length < 40 && tries < 5000; tries++) {
      const atco = all[Math.floor(rand() * all.length)];
      if (!sample.includes(atco) && plain.stopBoard(plain.findStop(atco), { from, to: from + 12 * 3_600_000, limit: 1, type: 'departures' }).length) sample.push(atco);
    }
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds every tile: 4 times the feed, stop times included', () => {
    const rows = allStops(plain).length;
    expect(manifest.rows['stop_times.txt']).toBe(4 * 43_199);
    expect(sample.length).toBe(40);
    for (let k = 0; k < TILES; k++) expect(tiled.findStop(tilePrefix(k) + sample[0]), `tile ${k}`).toBeGreaterThanOrEqual(0);
    expect(allStops(tiled).length).toBeGreaterThanOrEqual(TILES * rows);
  });

  it('crosses 2^16 stops: tile 0 sits above index 65,535 and still answers by ATCO code and by radius', () => {
    // 8 NaPTAN copies (about 69,000 active stops) are compiled before the GTFS stops.
    const indices = sample.map((atco) => tiled.findStop(tilePrefix(0) + atco));
    expect(allStops(tiled).length).toBeGreaterThan(70_000);
    expect(indices.filter((i) => i > 65_535).length, 'sampled tile 0 stops above index 65,535').toBeGreaterThan(sample.length / 2);
    for (const i of indices) {
      const stop = tiled.stop(i);
      expect(tiled.findStop(stop.atcocode)).toBe(i);
      const near = tiled.stops({ near: { lat: stop.latitude, lon: stop.longitude, radius: 50 }, offset: 0, limit: 50 }).items;
      expect(near.map((s) => s.atcocode), stop.atcocode).toContain(stop.atcocode);
    }
  });

  it("tile 0's boards equal the untiled feed's, in every window", () => {
    let calls = 0;
    for (const atco of sample) {
      const a = plain.findStop(atco);
      const b = tiled.findStop(tilePrefix(0) + atco);
      for (const [hh, mm, minutes, limit] of WINDOWS) {
        const from = londonTime(DATE, hh, mm);
        for (const type of ['departures', 'arrivals'] as BoardType[]) {
          const q = { from, to: from + minutes * 60_000, limit, type };
          const want = plain.stopBoard(a, q);
          expect(untiled(tiled.stopBoard(b, q)), `${atco} ${hh}:${mm} ${type}`).toEqual(untiled(want));
          calls += want.length;
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
  });

  it("tile 0's services and routes equal the untiled feed's", () => {
    const day = parseDay(DATE);
    const from = londonTime(DATE, 7, 0);
    let trips = 0;
    for (const atco of sample.slice(0, 20)) {
      for (const call of plain.stopBoard(plain.findStop(atco), { from, to: from + 3_600_000, limit: 3, type: 'departures' })) {
        const want = plain.trip(call.tripIdx, day);
        const got = tiled.trip(tiled.findTrip(tilePrefix(0) + call.tripId), day);
        expect(untiled(got), call.tripId).toEqual(untiled(want));
        trips++;
      }
    }
    expect(trips).toBeGreaterThan(20);
    const routes = (e: Engine, stopIdx: number) => e.routes({ kind: 'bus', stopIdx, offset: 0, limit: 1000 });
    for (const atco of sample) {
      expect(untiled(routes(tiled, tiled.findStop(tilePrefix(0) + atco))), atco).toEqual(untiled(routes(plain, plain.findStop(atco))));
    }
  });

  it("tile 0's earliest arrivals equal the untiled feed's, and no other tile is reached", () => {
    const day = parseDay(DATE);
    for (const [i, atco] of sample.slice(0, 8).entries()) {
      const departS = (7 + i) * 3600;
      const query = (e: Engine, stop: number) => e.planner.earliestArrival({ origins: [{ stop, seconds: 0, metres: 0 }], day, departS, maxTransfers: 6, transferSlackS: 0 }).slice();
      const want = query(plain, plain.findStop(atco));
      const got = query(tiled, tiled.findStop(tilePrefix(0) + atco));
      let reached = 0;
      for (let s = 0; s < want.length; s++) {
        const t = tiled.findStop(tilePrefix(0) + plain.stop(s).atcocode);
        expect(got[t], `${atco} -> ${plain.stop(s).atcocode}`).toBe(want[s]);
        if (want[s] < UNREACHED) reached++;
      }
      expect(reached, atco).toBeGreaterThan(10);
      for (let s = 0; s < got.length; s++) {
        if (got[s] < UNREACHED) expect(tiled.stop(s).atcocode.startsWith(tilePrefix(0)), tiled.stop(s).atcocode).toBe(true);
      }
    }
  });

  it('a board at a stop of tile k lists only the trips of tile k', () => {
    const from = londonTime(DATE, 6, 0);
    for (let k = 1; k < TILES; k++) {
      let calls = 0;
      for (const atco of sample.slice(0, 10)) {
        const board = tiled.stopBoard(tiled.findStop(tilePrefix(k) + atco), { from, to: from + 6 * 3_600_000, limit: 50, type: 'departures' });
        for (const c of board) expect(c.tripId.startsWith(tilePrefix(k)), `${tilePrefix(k)}${atco}: ${c.tripId}`).toBe(true);
        calls += board.length;
      }
      expect(calls, `tile ${k}`).toBeGreaterThan(50);
    }
  });

  it("place search finds tile k's stops by name at tile k's coordinates, and tiled postcodes", () => {
    for (let k = 0; k < TILES; k++) {
      const cell = manifest.tiles[k].cell;
      const stop = tiled.stop(tiled.findStop(tilePrefix(k) + sample[3]));
      if (k > 0) {
        expect(stop.latitude).toBeGreaterThanOrEqual(cell[0]);
        expect(stop.latitude).toBeLessThanOrEqual(cell[2]);
        expect(stop.longitude).toBeGreaterThanOrEqual(cell[1]);
        expect(stop.longitude).toBeLessThanOrEqual(cell[3]);
      }
      const found = tiled.searchPlaces({ text: stop.name, near: { lat: stop.latitude, lon: stop.longitude }, offset: 0, limit: 5 }).items;
      const hit = found.find((p) => p.atcocode === stop.atcocode);
      expect(hit, `${stop.name} in tile ${k}: ${JSON.stringify(found.map((p) => p.atcocode))}`).toBeDefined();
      expect([hit!.latitude, hit!.longitude]).toEqual([stop.latitude, stop.longitude]);
    }
    // Postcode copy 1 of S1 1AA is AB1 1AA, moved onto cell 1; copy 0 stays where it is.
    const [s1] = tiled.searchPlaces({ text: 'S1 1AA', types: ['postcode'], offset: 0, limit: 1 }).items;
    const [ab1] = tiled.searchPlaces({ text: 'AB1 1AA', types: ['postcode'], offset: 0, limit: 1 }).items;
    expect(s1.name).toBe('S1 1AA');
    expect(s1.latitude).toBeCloseTo(53.38147, 4);
    expect(ab1.name).toBe('AB1 1AA');
    const cell = manifest.tiles[1].cell;
    expect(ab1.latitude).toBeGreaterThanOrEqual(cell[0]);
    expect(ab1.latitude).toBeLessThanOrEqual(cell[2]);
    // A NaPTAN stop of copy 1 keeps its name and gets copy 1's ATCO code.
    const naptan = tiled.findStop(`${tilePrefix(1)}370010070`);
    expect(naptan).toBeGreaterThanOrEqual(0);
    expect(tiled.stop(naptan).name).toContain('Rotherham Interchange');
  });
});
