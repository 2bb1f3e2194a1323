// FEATURE UNDER TEST: place search on the real South Yorkshire snapshot (NaPTAN, rail stations, postcodes), checked against the source CSVs.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { distanceMetres, formatPostcode, type Engine, type Place } from '@transit/engine';
import { realEngine } from '../support/snapshots.js';
import { HAVE_DATA, data } from '../support/data.js';

describe.skipIf(!HAVE_DATA)('places on real data', () => {
  const e = (): Engine => realEngine()!;
  const search = (text: string, limit = 20) => e().searchPlaces({ text, offset: 0, limit });

  it('finds real Sheffield Centre stops by name with their ATCO codes', () => {
    const rows = (parse(readFileSync(data('naptan/370Stops.csv')), { columns: true, bom: true }) as Record<string, string>[]).filter(
      (r) => r.Status === 'active' && r.StopType === 'BCT' && r.LocalityName === 'Sheffield Centre',
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows.filter((_, i) => i % 5 === 0)) {
      const items = search(r.CommonName, 100).items;
      // Every stop of exactly this name comes first (whole name typed), the wanted one among them.
      const sameName = items.slice(0, items.findIndex((p) => p.name !== r.CommonName) >>> 0);
      expect(sameName.length, r.CommonName).toBeGreaterThan(0);
      expect(sameName.map((p) => p.atcocode), r.CommonName).toContain(r.ATCOCode);
    }
    const [a3] = search('sheffield interchange a3').items;
    expect(a3).toMatchObject({ type: 'bus_stop', name: 'Sheffield Interchange/A3', atcocode: '370010113', latitude: 53.38028965, longitude: -1.464640372 });
    expect(a3.description).toMatch(/^Bus stop in Sheffield Centre \(A3\)/);
  });

  it('puts Sheffield the settlement and Sheffield the station first for "sheffield"', () => {
    const [first, second] = search('sheffield').items;
    expect(first).toMatchObject({ type: 'settlement', name: 'Sheffield' });
    expect(second).toMatchObject({ type: 'train_station', name: 'Sheffield', crsCode: 'SHF' });
    expect(search('SHF').items[0]).toMatchObject({ type: 'train_station', crsCode: 'SHF' });
    expect(search('doncaster').items.slice(0, 2).map((p) => p.type).sort()).toEqual(['settlement', 'train_station']);
  });

  it('resolves a real postcode with and without the space', () => {
    for (const text of ['S1 1AA', 's11aa', 'S11AA']) {
      expect(search(text).items[0], text).toMatchObject({ type: 'postcode', name: 'S1 1AA', latitude: 53.38147, longitude: -1.46429 });
    }
    expect(search('ls14dy').items[0]).toMatchObject({ type: 'postcode', name: 'LS1 4DY' });
    const s12h = search('s1 2h', 100);
    expect(s12h.total).toBeGreaterThan(5);
    expect(s12h.items.every((p) => p.type === 'postcode' && p.name.startsWith('S1 2H'))).toBe(true);
    expect(search('S1 1AA').items[0].description).toMatch(/^Postcode in /);
  });

  it('forgives one typo', () => {
    expect(search('sheffeild').items[0]).toMatchObject({ type: 'settlement', name: 'Sheffield' });
    expect(search('hillsbrough').items[0]).toMatchObject({ type: 'settlement', name: 'Hillsborough' });
    expect(search('meadowhlal interchange').items[0]).toMatchObject({ name: 'Meadowhall Interchange' });
    expect(search('rotherham intrechange').items.map((p) => p.name)).toContain('Rotherham Interchange');
  });

  it('lists the nearest places like a brute-force scan of every place', () => {
    const r = e().reader;
    const stops = e().stopTable;
    const stations = e().stationTable;
    const all: { key: string; lat: number; lon: number }[] = [];
    const sLat = r.f64('settlements.lat');
    const sLon = r.f64('settlements.lon');
    for (let i = 0; i < sLat.length; i++) all.push({ key: `settlement@${sLat[i]},${sLon[i]}`, lat: sLat[i], lon: sLon[i] });
    for (let i = 0; i < stations.count; i++) all.push({ key: `train_station@${stations.lat[i]},${stations.lon[i]}`, lat: stations.lat[i], lon: stations.lon[i] });
    for (let i = 0; i < stops.count; i++) {
      if (stops.type[i] === 2) continue; // rail station entrances are not places
      all.push({ key: `${stops.type[i] === 1 ? 'tram_stop' : 'bus_stop'}@${stops.lat[i]},${stops.lon[i]}`, lat: stops.lat[i], lon: stops.lon[i] });
    }
    // Millionths of a degree since the seventh session (f64 before, or where millionths would not give the doubles back).
    const degrees = (name: string) => (r.has(`${name}E6`) ? Float64Array.from(r.i32(`${name}E6`), (k) => k / 1e6) : r.f64(name));
    const pLat = degrees('postcodes.lat');
    const pLon = degrees('postcodes.lon');
    for (let i = 0; i < pLat.length; i++) all.push({ key: `postcode@${pLat[i]},${pLon[i]}`, lat: pLat[i], lon: pLon[i] });
    expect(pLat.length).toBeGreaterThan(100_000);
    const key = (p: Place) => `${p.type}@${p.latitude},${p.longitude}`;
    for (const near of [{ lat: 53.3811, lon: -1.4701 }, { lat: 53.5526, lon: -1.4797 }, { lat: 53.7997, lon: -1.5492 }, { lat: 53.0, lon: -1.0 }]) {
      const got = e().searchPlaces({ near, offset: 0, limit: 25 });
      const oracle = all.map((p) => ({ key: p.key, d: distanceMetres(near.lat, near.lon, p.lat, p.lon) })).sort((a, b) => a.d - b.d).slice(0, 25);
      expect(got.total).toBe(all.length);
      expect(got.items.map((p) => p.distance)).toEqual(oracle.map((o) => Math.round(o.d)));
      expect(got.items.map(key)).toEqual(oracle.map((o) => o.key));
    }
  });

  it('formats postcodes like the source file', () => {
    const codes = readFileSync(data('postcodes/S.csv'), 'utf8').split('\n').slice(1, 200).map((l) => l.split(',')[0]).filter(Boolean);
    for (const code of codes.filter((_, i) => i % 10 === 0)) expect(search(code.toLowerCase()).items[0].name, code).toBe(formatPostcode(code.replace(/\s+/g, '')));
  });
});
