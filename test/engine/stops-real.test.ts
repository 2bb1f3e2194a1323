// FEATURE UNDER TEST: stop and station search on the real South Yorkshire snapshot, checked against the source CSVs.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { distanceMetres } from '@transit/engine';
import { realEngine } from '../support/snapshots.js';
import { HAVE_DATA, data } from '../support/data.js';

const BUS_TYPES = new Set(['BCT', 'BCS', 'BCQ', 'BCE', 'BST', 'TMU', 'PLT', 'MET', 'RSE', 'RLY', 'RPL']);

describe.skipIf(!HAVE_DATA)('stops and stations on real data', () => {
  const rows = HAVE_DATA
    ? (parse(readFileSync(data('naptan/370Stops.csv')), { columns: true, bom: true }) as Record<string, string>[]).filter((r) => r.Status === 'active' && BUS_TYPES.has(r.StopType))
    : [];

  it('keeps every active South Yorkshire stop with its NaPTAN fields', () => {
    const e = realEngine()!;
    for (const r of rows) expect(e.findStop(r.ATCOCode), r.ATCOCode).toBeGreaterThanOrEqual(0);
    expect(e.stop(e.findStop('370010113'))).toMatchObject({
      type: 'bus_stop', atcocode: '370010113', naptanCode: '37010113', name: 'Sheffield Interchange/A3', shortName: 'Sheffield Intc',
      indicator: 'A3', street: 'Sheffield Interchange', locality: 'Sheffield Centre', town: 'Sheffield', latitude: 53.38028965, longitude: -1.464640372,
    });
    expect(e.findStop('370010001')).toBe(-1); // inactive and unused by any timetable
  });

  it.each([
    ['Sheffield Interchange', 53.3802, -1.4646, 400],
    ['Barnsley', 53.5534, -1.4777, 400],
    ['Doncaster', 53.5228, -1.1395, 250],
    ['rural edge', 53.45, -1.75, 2000],
  ])('stops within %s radius equal a brute-force scan of the CSV (%f, %f, %i m)', (_, lat, lon, radius) => {
    const e = realEngine()!;
    const expected = rows
      .map((r) => ({ atco: r.ATCOCode, d: distanceMetres(lat, lon, Number(r.Latitude), Number(r.Longitude)) }))
      .filter((x) => x.d <= radius)
      .sort((a, b) => a.d - b.d);
    const got = e.stops({ near: { lat, lon, radius }, offset: 0, limit: 10_000 });
    // The snapshot also holds tram (940) stops; compare the 370 area's stops.
    const got370 = got.items.filter((s) => s.atcocode.startsWith('370'));
    expect(got370.map((s) => s.atcocode)).toEqual(expected.map((x) => x.atco));
    for (const s of got.items) expect(s.distance).toBeLessThanOrEqual(radius);
    for (let i = 1; i < got.items.length; i++) expect(got.items[i].distance!).toBeGreaterThanOrEqual(got.items[i - 1].distance!);
  });

  it('pages a radius search without overlap and filters by type', () => {
    const e = realEngine()!;
    const q = { near: { lat: 53.3802, lon: -1.4646, radius: 1500 } };
    const all = e.stops({ ...q, offset: 0, limit: 1000 });
    const p1 = e.stops({ ...q, offset: 0, limit: 20 });
    const p2 = e.stops({ ...q, offset: 20, limit: 20 });
    expect(p1.total).toBe(all.total);
    expect([...p1.items, ...p2.items].map((s) => s.atcocode)).toEqual(all.items.slice(0, 40).map((s) => s.atcocode));
    const trams = e.stops({ ...q, offset: 0, limit: 1000, types: ['tram_stop'] });
    expect(trams.total).toBeGreaterThan(3);
    expect(trams.items.every((s) => s.type === 'tram_stop')).toBe(true);
    expect(trams.items.some((s) => s.atcocode.startsWith('9400ZZSY'))).toBe(true); // Supertram platforms (940 file)
  });

  it('returns box results inside the box', () => {
    const e = realEngine()!;
    const box = { minLat: 53.37, minLon: -1.48, maxLat: 53.39, maxLon: -1.45 };
    const r = e.stops({ box, offset: 0, limit: 10_000 });
    const expected = rows.filter((x) => +x.Latitude >= box.minLat && +x.Latitude <= box.maxLat && +x.Longitude >= box.minLon && +x.Longitude <= box.maxLon);
    expect(r.items.filter((s) => s.atcocode.startsWith('370')).length).toBe(expected.length);
    for (const s of r.items) expect(s.latitude >= box.minLat && s.latitude <= box.maxLat && s.longitude >= box.minLon && s.longitude <= box.maxLon).toBe(true);
  });

  it('lists about 2,600 rail stations with CRS codes, and finds Sheffield by CRS and by radius', () => {
    const e = realEngine()!;
    const gb = e.stations({ box: { minLat: 49, minLon: -9, maxLat: 61.5, maxLon: 2.5 }, offset: 0, limit: 1 });
    expect(gb.total).toBeGreaterThanOrEqual(2500);
    expect(e.station(e.findStation('shf'))).toEqual({ crsCode: 'SHF', name: 'Sheffield', latitude: 53.378639, longitude: -1.463297 });
    const near = e.stations({ near: { lat: 53.3786, lon: -1.4633, radius: 5000 }, offset: 0, limit: 20 });
    expect(near.items[0].crsCode).toBe('SHF');
    expect(near.items[0].distance).toBeLessThan(10);
    expect(near.items.map((s) => s.crsCode)).toEqual(['SHF', 'DAN']); // Meadowhall is 5.3 km away
  });
});
