// FEATURE UNDER TEST: nearest places and places in a box, checked against a brute-force scan of a seeded random world.
import { describe, it, expect } from 'vitest';
import { distanceMetres, formatPostcode, type PlaceType, type Box } from '@transit/engine';
import { StopKind } from '@transit/builder';
import { randomWorld, open, seeded } from './places-fixture.js';

const { ds } = randomWorld(7, 2000);
const e = open(ds);

/** Every place of the world as the search reports it: kind, name, position. */
const everyPlace: { type: PlaceType; name: string; lat: number; lon: number }[] = [
  ...[...ds.settlements.values()].map((s) => ({ type: 'settlement' as const, name: s.name, lat: s.lat, lon: s.lon })),
  ...[...ds.stations.values()].map((s) => ({ type: 'train_station' as const, name: s.name, lat: s.lat, lon: s.lon })),
  ...[...ds.stops.values()].filter((s) => s.kind !== StopKind.Rail).map((s) => ({ type: s.kind === StopKind.Tram ? ('tram_stop' as const) : ('bus_stop' as const), name: s.name, lat: s.lat, lon: s.lon })),
  ...Array.from({ length: ds.postcodes.length }, (_, i) => ({ type: 'postcode' as const, name: formatPostcode(ds.postcodes.code(i)), lat: ds.postcodes.lat.get(i), lon: ds.postcodes.lon.get(i) })),
];
const key = (p: { type: string; name: string; latitude?: number; longitude?: number; lat?: number; lon?: number }) => `${p.type}:${p.name}@${p.latitude ?? p.lat},${p.longitude ?? p.lon}`;
const inBox = (p: { lat: number; lon: number }, b: Box) => p.lat >= b.minLat && p.lat <= b.maxLat && p.lon >= b.minLon && p.lon <= b.maxLon;

const TYPE_SETS: (PlaceType[] | undefined)[] = [undefined, ['bus_stop'], ['settlement'], ['train_station'], ['tram_stop', 'settlement'], ['postcode', 'train_station']];

describe('nearest places', () => {
  const rnd = seeded(99);
  it.each(TYPE_SETS.map((t) => [t?.join('+') ?? 'all', t]))('match a brute-force scan, nearest first (%s)', (_, types) => {
    for (let run = 0; run < 20; run++) {
      const near = { lat: 53.25 + rnd() * 0.4, lon: -1.65 + rnd() * 0.5 };
      const wanted = everyPlace.filter((p) => !types || types.includes(p.type));
      const oracle = wanted.map((p) => ({ key: key(p), d: distanceMetres(near.lat, near.lon, p.lat, p.lon) })).sort((a, b) => a.d - b.d);
      const r = e.searchPlaces({ near, types, offset: 5, limit: 15 });
      expect(r.total).toBe(wanted.length);
      expect(r.items.map((p) => p.distance)).toEqual(oracle.slice(5, 20).map((o) => Math.round(o.d)));
      expect(r.items.map(key)).toEqual(oracle.slice(5, 20).map((o) => o.key));
    }
  });

  it('combine with a box: the nearest inside it, total counts the box', () => {
    for (let run = 0; run < 20; run++) {
      const minLat = 53.3 + rnd() * 0.2;
      const minLon = -1.6 + rnd() * 0.3;
      const box = { minLat, minLon, maxLat: minLat + 0.05, maxLon: minLon + 0.08 };
      const near = { lat: minLat, lon: minLon };
      const oracle = everyPlace.filter((p) => inBox(p, box)).map((p) => ({ key: key(p), d: distanceMetres(near.lat, near.lon, p.lat, p.lon) })).sort((a, b) => a.d - b.d);
      const r = e.searchPlaces({ near, box, offset: 0, limit: 10 });
      expect(r.total).toBe(oracle.length);
      expect(r.items.map(key)).toEqual(oracle.slice(0, 10).map((o) => o.key));
    }
  });
});

describe('places in a box', () => {
  const rnd = seeded(5);
  it.each(TYPE_SETS.map((t) => [t?.join('+') ?? 'all', t]))('are exactly the places inside it, pages covering them once (%s)', (_, types) => {
    for (let run = 0; run < 10; run++) {
      const minLat = 53.3 + rnd() * 0.2;
      const minLon = -1.6 + rnd() * 0.3;
      const box = { minLat, minLon, maxLat: minLat + 0.04 + rnd() * 0.1, maxLon: minLon + 0.04 + rnd() * 0.1 };
      const oracle = everyPlace.filter((p) => inBox(p, box) && (!types || types.includes(p.type))).map(key).sort();
      const seen: string[] = [];
      for (let offset = 0; ; offset += 50) {
        const r = e.searchPlaces({ box, types, offset, limit: 50 });
        expect(r.total).toBe(oracle.length);
        seen.push(...r.items.map(key));
        if (r.items.length < 50) break;
      }
      expect([...seen].sort()).toEqual(oracle);
      const ranks = seen.map((k) => kindRank(k.split(':')[0]));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});

/** Kind order of results with equal match quality (bus and tram stops together). */
const kindRank = (type: string) => ['settlement', 'train_station', 'bus_stop', 'postcode'].indexOf(type === 'tram_stop' ? 'bus_stop' : type);

describe('text search near a point', () => {
  it('adds the distance and orders equally good matches nearest first', () => {
    const rnd = seeded(11);
    for (let run = 0; run < 20; run++) {
      const near = { lat: 53.3 + rnd() * 0.3, lon: -1.6 + rnd() * 0.4 };
      const r = e.searchPlaces({ text: 'opp', near, types: ['bus_stop'], offset: 0, limit: 30 });
      expect(r.total).toBeGreaterThan(30);
      const d = r.items.map((p) => p.distance!);
      expect(d.every((x) => Number.isInteger(x))).toBe(true);
      // "opp" is an indicator: every match has the same quality, so distance alone orders them.
      expect(d).toEqual([...d].sort((a, b) => a - b));
      const oracle = [...ds.stops.values()].filter((s) => s.indicator === 'opp' && s.kind === StopKind.Bus).map((s) => Math.round(distanceMetres(near.lat, near.lon, s.lat, s.lon))).sort((a, b) => a - b);
      expect(d).toEqual(oracle.slice(0, 30));
    }
  });
});
