// FEATURE UNDER TEST: place search type filters, paging (total stable, pages continue each other), box filter on text, query errors.
import { describe, it, expect } from 'vitest';
import { QueryError, type PlaceType } from '@transit/engine';
import { sheffieldWorld, randomWorld, open, line } from './places-fixture.js';

const e = open(sheffieldWorld());

describe('type filter', () => {
  it('keeps only the wanted kinds, several allowed', () => {
    expect(line(e.searchPlaces({ text: 'meadowhall', types: ['tram_stop'], offset: 0, limit: 10 }).items)).toBe('tram_stop:Meadowhall Interchange');
    expect(line(e.searchPlaces({ text: 'meadowhall', types: ['settlement', 'train_station'], offset: 0, limit: 10 }).items)).toBe('settlement:Meadowhall | train_station:Meadowhall');
    expect(e.searchPlaces({ text: 'meadowhall', types: [], offset: 0, limit: 10 }).total).toBe(4); // empty = all
  });

  it('rejects an unknown type with a QueryError', () => {
    expect(() => e.searchPlaces({ text: 'x', types: ['airport' as PlaceType], offset: 0, limit: 10 })).toThrow(QueryError);
    expect(() => e.searchPlaces({ text: 'x', types: ['constructor' as PlaceType], offset: 0, limit: 10 })).toThrow(/Unknown place type "constructor"/);
  });
});

describe('paging', () => {
  const { ds } = randomWorld(4, 1500);
  const big = open(ds);
  it.each(['a', 'ro', 'hall', 'opp', 'barnsley', 'meadow park', 's1'])('pages of %s continue each other and agree on the total', (text) => {
    const everything = big.searchPlaces({ text, offset: 0, limit: 5000 });
    expect(everything.items.length).toBe(everything.total);
    for (const limit of [1, 7, 20]) {
      const pages: string[] = [];
      for (let offset = 0; offset < Math.min(everything.total, 60); offset += limit) {
        const r = big.searchPlaces({ text, offset, limit });
        expect(r.total).toBe(everything.total);
        pages.push(...r.items.map((p) => `${p.type}:${p.name}@${p.latitude},${p.longitude}`));
      }
      expect(pages).toEqual(everything.items.slice(0, pages.length).map((p) => `${p.type}:${p.name}@${p.latitude},${p.longitude}`));
    }
  });

  it('returns an empty page past the end, and a zero limit counts only', () => {
    const r = e.searchPlaces({ text: 'sheffield', offset: 100, limit: 10 });
    expect(r).toEqual({ total: 14, items: [] });
    expect(e.searchPlaces({ text: 'sheffield', offset: 0, limit: 0 })).toEqual({ total: 14, items: [] });
  });
});

describe('box with text', () => {
  it('keeps the matches inside the box', () => {
    const centre = { minLat: 53.37, maxLat: 53.39, minLon: -1.48, maxLon: -1.45 };
    expect(line(e.searchPlaces({ text: 'sheffield', box: centre, offset: 0, limit: 20 }).items)).toBe(
      'settlement:Sheffield | train_station:Sheffield | settlement:Sheffield Centre | bus_stop:Sheffield Interchange/A3 | bus_stop:Fargate | bus_stop:High Street/HS2 | bus_stop:Café Nero/Fargate',
    );
  });
});

describe('query errors', () => {
  it('needs text, a point or a box', () => {
    expect(() => e.searchPlaces({ offset: 0, limit: 10 })).toThrow(expect.objectContaining({ code: 'missing_parameter' }));
    expect(() => e.searchPlaces({ text: '   ', offset: 0, limit: 10 })).toThrow(expect.objectContaining({ code: 'missing_parameter' }));
  });
  it('rejects bad paging, points and boxes', () => {
    expect(() => e.searchPlaces({ text: 'a', offset: -1, limit: 10 })).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
    expect(() => e.searchPlaces({ text: 'a', offset: 0, limit: 1.5 })).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
    expect(() => e.searchPlaces({ near: { lat: 91, lon: 0 }, offset: 0, limit: 10 })).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
    expect(() => e.searchPlaces({ box: { minLat: 54, maxLat: 53, minLon: -2, maxLon: -1 }, offset: 0, limit: 10 })).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
  });
});
