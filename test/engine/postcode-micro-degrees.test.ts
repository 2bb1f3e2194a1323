// FEATURE UNDER TEST: postcode centroids as whole millionths of a degree (`postcodes.latE6` / `.lonE6`,
// i32) where every value comes back as the very double the builder parsed, f64 where one does not
// (the writer decides per column), and snapshots with f64 columns (before the seventh session) still open.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { Engine, microDegreesOf, MICRO_DEGREES, type TypedArray } from '@transit/engine';
import { rewriteSections } from '../support/snapshots.js';
import { HAVE_DATA, data } from '../support/data.js';
import { sheffieldWorld, open, addPostcode } from './places-fixture.js';
import { mulberry32 } from '../support/random-timetable.js';

/** Every postcode of a search for `text`, as "name lat lon". */
const postcodesOf = (e: Engine, text: string) =>
  e.searchPlaces({ text, offset: 0, limit: 100 }).items.filter((p) => p.type === 'postcode').map((p) => `${p.name} ${p.latitude} ${p.longitude}`);

/** Whether microDegreesOf(values) gives millionths that divide back to each value exactly (same bits). */
function roundTrips(values: Float64Array): boolean {
  const k = microDegreesOf(values);
  return k !== null && values.every((v, i) => Object.is(k[i] / MICRO_DEGREES, v));
}

describe('postcode centroids in millionths of a degree', () => {
  it('gives back every value parsed from text of up to six decimals, and refuses others', () => {
    const next = mulberry32(7);
    for (let decimals = 0; decimals <= 6; decimals++) {
      // Across the UK and beyond, both signs: the text as a file holds it, parsed as the builder parses it (Number).
      // ("-0" texts aside: -0 would come back as 0, so the writer keeps such a column in f64, as the next lines check.)
      const values = Float64Array.from({ length: 20_000 }, () => Number(((next() - 0.5) * 360).toFixed(decimals)) || 0);
      expect(roundTrips(values), `${decimals} decimals`).toBe(true);
    }
    for (const odd of [0.1 + 0.2, 53.1234567, 1e-7, -0, NaN, Infinity, 2147.483648, -2147.483649]) {
      expect(microDegreesOf(Float64Array.of(53.38147, odd)), String(odd)).toBeNull();
    }
    expect([...microDegreesOf(Float64Array.of(0, -1.46429, 53.38147, 2147.483647, -2147.483648))!]).toEqual([0, -1464290, 53381470, 2 ** 31 - 1, -(2 ** 31)]);
  });

  it.skipIf(!HAVE_DATA)('holds for every postcode of the real files (5 decimals) and the values come back bit for bit', () => {
    let count = 0;
    for (const area of ['S', 'LS', 'BD', 'HD', 'WF', 'HX', 'DN']) {
      const rows = readFileSync(data('postcodes', `${area}.csv`), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split(','));
      expect(roundTrips(Float64Array.from(rows, (r) => Number(r[1]))), `${area} lat`).toBe(true);
      expect(roundTrips(Float64Array.from(rows, (r) => Number(r[2]))), `${area} long`).toBe(true);
      count += rows.length;
    }
    expect(count).toBeGreaterThan(150_000);
  });

  it('the builder writes millionths where they hold, per column, f64 where not; the engine answers the same doubles', () => {
    const ds = sheffieldWorld();
    addPostcode(ds, 'S99ZZ', 53.123456, -1.1234567); // a longitude of 7 decimals keeps .lon in f64
    const e = open(ds);
    const r = e.reader;
    expect(['postcodes.latE6', 'postcodes.lat', 'postcodes.lonE6', 'postcodes.lon'].map((n) => r.has(n))).toEqual([true, false, false, true]);
    expect(postcodesOf(e, 'S9 9ZZ')).toEqual(['S9 9ZZ 53.123456 -1.1234567']);
    const plain = open(sheffieldWorld());
    expect(['postcodes.latE6', 'postcodes.lonE6'].map((n) => plain.reader.has(n))).toEqual([true, true]);
    expect(postcodesOf(plain, 'S1 1AA')).toEqual(['S1 1AA 53.38147 -1.46429']);
  });

  it('opens the f64 columns of older snapshots to the same answers', () => {
    const e = open(sheffieldWorld());
    const r = e.reader;
    const degrees = (name: string) => Float64Array.from(r.i32(`${name}E6`), (k) => k / MICRO_DEGREES);
    const older = Engine.open(rewriteSections(e, (n) => n === 'postcodes.latE6' || n === 'postcodes.lonE6', { 'postcodes.lat': degrees('postcodes.lat'), 'postcodes.lon': degrees('postcodes.lon') } as Record<string, TypedArray>));
    expect(older.reader.has('postcodes.latE6')).toBe(false);
    for (const text of ['s1', 'LS1 4DY', 'S10']) expect(postcodesOf(older, text)).toEqual(postcodesOf(e, text));
    const near = { lat: 53.38, lon: -1.47 };
    expect(older.searchPlaces({ near, offset: 0, limit: 50 })).toEqual(e.searchPlaces({ near, offset: 0, limit: 50 }));
  });

  it('names the postcode sections when their lengths disagree', () => {
    const e = open(sheffieldWorld());
    const short = Engine.open.bind(null, rewriteSections(e, () => false, { 'postcodes.lonE6': e.reader.i32('postcodes.lonE6').slice(1) }));
    expect(short).toThrow(/postcodes\.codes .* do not match/);
  });
});
