// FEATURE UNDER TEST: postcode search: with or without the space, any case, prefixes while typing, exact code first.
import { describe, it, expect } from 'vitest';
import { sheffieldWorld, open, line, addPostcode } from './places-fixture.js';

const ds = sheffieldWorld();
addPostcode(ds, 'S14AB', 53.3790, -1.4700);
addPostcode(ds, 'S1A1AA', 53.3, -1.4); // not a UK shape, but sorted and searchable like any code
const e = open(ds);
const search = (text: string, limit = 10) => e.searchPlaces({ text, offset: 0, limit });

describe('postcode search', () => {
  it('finds a full postcode with or without the space, in any case', () => {
    for (const text of ['S1 2HH', 's12hh', ' s1  2hh ', 'S12HH']) {
      const r = search(text);
      expect(line(r.items), text).toBe('postcode:S1 2HH');
      expect(r.total).toBe(1);
    }
    expect(search('ls14dy').items).toEqual([{ type: 'postcode', name: 'LS1 4DY', description: 'Postcode', latitude: 53.7995, longitude: -1.5449 }]);
    expect(search('S1 1AA').items[0]).toEqual({ type: 'postcode', name: 'S1 1AA', description: 'Postcode in Sheffield Centre', latitude: 53.38147, longitude: -1.46429 });
  });

  it('matches a partial code as a prefix, district S1 before S10, code order within', () => {
    expect(line(search('s1').items)).toBe('postcode:S1 1AA | postcode:S1 2HA | postcode:S1 2HH | postcode:S1 4AB | postcode:S10 1AA | postcode:S1A 1AA');
    expect(line(search('s1 2h').items)).toBe('postcode:S1 2HA | postcode:S1 2HH');
    expect(line(search('S12H').items)).toBe('postcode:S1 2HA | postcode:S1 2HH');
  });

  it('reads a space as the end of the outward code', () => {
    expect(line(search('s1 4').items)).toBe('postcode:S1 4AB');
    expect(line(search('s10 1').items)).toBe('postcode:S10 1AA');
    expect(search('s1 0').total).toBe(0); // S10 1AA is district S10, not S1 0..
  });

  it('ranks an exact full postcode first, before word matches', () => {
    const ds2 = sheffieldWorld();
    ds2.stops.set('370022880', { ...ds2.stops.get('370022880')!, indicator: 'S1 2HH' }); // a stop whose indicator reads like the code
    const e2 = open(ds2);
    expect(line(e2.searchPlaces({ text: 's1 2hh', offset: 0, limit: 5 }).items)).toBe('postcode:S1 2HH | bus_stop:High Street/HS2');
  });

  it('honours the type filter and the box', () => {
    expect(search('s1').total).toBe(6);
    expect(e.searchPlaces({ text: 's1', types: ['bus_stop'], offset: 0, limit: 5 }).total).toBe(0);
    const box = { minLat: 53.379, maxLat: 53.382, minLon: -1.4702, maxLon: -1.46 };
    expect(line(e.searchPlaces({ text: 's1', box, offset: 0, limit: 10 }).items)).toBe('postcode:S1 1AA | postcode:S1 2HA | postcode:S1 2HH | postcode:S1 4AB');
  });

  it('counts every match for paging even when only a page is ranked', () => {
    const all = search('s1', 100).items.map((p) => p.name);
    const pages = [0, 2, 4].flatMap((offset) => e.searchPlaces({ text: 's1', offset, limit: 2 }).items.map((p) => p.name));
    expect(pages).toEqual(all);
    for (const offset of [0, 2, 4, 6]) expect(e.searchPlaces({ text: 's1', offset, limit: 2 }).total).toBe(6);
  });

  it('orders equally good postcodes by distance from a point', () => {
    const near = { lat: 53.375, lon: -1.5 };
    const r = e.searchPlaces({ text: 's1', near, offset: 0, limit: 3 });
    expect(line(r.items)).toBe('postcode:S10 1AA | postcode:S1 4AB | postcode:S1 2HA');
    expect(r.items.map((p) => p.distance)).toEqual([0, 2039, 2255]);
    expect(line(e.searchPlaces({ text: 's1 1aa', near, offset: 0, limit: 3 }).items)).toBe('postcode:S1 1AA'); // exact code first wherever the point is
  });
});
