// FEATURE UNDER TEST: free-text place search ranking (quality tiers, name over locality, kind order, typing prefixes) on a hand-drawn Sheffield.
import { describe, it, expect } from 'vitest';
import { sheffieldWorld, open, line } from './places-fixture.js';

const e = open(sheffieldWorld());
const top = (text: string, limit = 6) => line(e.searchPlaces({ text, offset: 0, limit }).items);

describe('place search ranking', () => {
  it('puts the settlement and the station of that name before stops named after it', () => {
    expect(top('sheffield')).toBe(
      'settlement:Sheffield | train_station:Sheffield | settlement:Sheffield Centre | bus_stop:Sheffield Road | bus_stop:Sheffield Road | bus_stop:Sheffield Interchange/A3',
    );
    expect(e.searchPlaces({ text: 'sheffield', offset: 0, limit: 1 }).total).toBe(14); // every place in or under Sheffield
  });

  it('ranks a name match above a locality-only match', () => {
    expect(top('fargate sheffield')).toBe('bus_stop:Fargate | bus_stop:Café Nero/Fargate');
    expect(top('meadowhall interchange')).toBe('bus_stop:Meadowhall Interchange | tram_stop:Meadowhall Interchange');
  });

  it('matches the last word as a prefix while typing, earlier words as prefixes too', () => {
    expect(top('meadowhal')).toBe('settlement:Meadowhall | train_station:Meadowhall | bus_stop:Meadowhall Interchange | tram_stop:Meadowhall Interchange');
    expect(top('high st')).toBe('bus_stop:High Street/HS2');
    expect(top('mead inter')).toBe('bus_stop:Meadowhall Interchange | tram_stop:Meadowhall Interchange');
    expect(top('sheff')).toBe(top('sheffield')); // same order: prefix on every place alike
  });

  it('requires every word (AND)', () => {
    expect(top('sheffield road')).toBe("bus_stop:Sheffield Road | bus_stop:Sheffield Road | bus_stop:St John's Road");
    expect(e.searchPlaces({ text: 'sheffield nowhere', offset: 0, limit: 5 })).toEqual({ total: 0, items: [] });
  });

  it('finds a station by its CRS code, any case, and by "station"', () => {
    expect(top('SHF')).toBe('train_station:Sheffield');
    expect(top('shf')).toBe('train_station:Sheffield');
    expect(top('sheffield rail station')).toBe('train_station:Sheffield');
    expect(top('barnsley')).toBe('train_station:Barnsley | settlement:Barnsley Town Centre | bus_stop:Sheffield Road');
  });

  it('ignores case, punctuation, apostrophes and diacritics; knows common abbreviations', () => {
    expect(top("St. John's Rd")).toBe("bus_stop:St John's Road");
    expect(top('ST JOHNS')).toBe("bus_stop:St John's Road");
    expect(top('saint johns road')).toBe("bus_stop:St John's Road");
    expect(top('cafe nero')).toBe('bus_stop:Café Nero/Fargate');
    expect(top('CAFÉ, NERO!')).toBe('bus_stop:Café Nero/Fargate');
    expect(top('stand a1')).toBe('bus_stop:Fargate'); // the indicator is searchable
  });

  it('never returns rail station entrances (stations come from the station list)', () => {
    expect(top('sheffield rail', 20)).toBe('train_station:Sheffield');
  });

  it('describes each kind of place', () => {
    const [fargate] = e.searchPlaces({ text: 'fargate', offset: 0, limit: 1 }).items;
    expect(fargate).toEqual({ type: 'bus_stop', name: 'Fargate', description: 'Bus stop in Sheffield Centre (Stand A1)', latitude: 53.3819, longitude: -1.4692, atcocode: '370020400' });
    const [tram] = e.searchPlaces({ text: 'meadowhall interchange', types: ['tram_stop'], offset: 0, limit: 1 }).items;
    expect(tram).toMatchObject({ type: 'tram_stop', description: 'Tram stop in Meadowhall', atcocode: '9400ZZSYMHI' });
    const [station] = e.searchPlaces({ text: 'shf', offset: 0, limit: 1 }).items;
    expect(station).toEqual({ type: 'train_station', name: 'Sheffield', description: 'Rail station (SHF)', latitude: 53.3782, longitude: -1.4623, crsCode: 'SHF' });
    const [town, centre] = e.searchPlaces({ text: 'sheffield', types: ['settlement'], offset: 0, limit: 2 }).items;
    expect(town).toEqual({ type: 'settlement', name: 'Sheffield', description: 'Town', latitude: 53.3811, longitude: -1.4701, localityCode: 'N0077767' });
    expect(centre).toMatchObject({ description: 'Settlement in Sheffield', localityCode: 'E0057890' });
  });

  it('is deterministic: the same query gives the same page', () => {
    const a = e.searchPlaces({ text: 'road', offset: 0, limit: 10 });
    for (const text of ['meadow', 'sheffield', 'x', 'road']) e.searchPlaces({ text, offset: 0, limit: 10 });
    expect(e.searchPlaces({ text: 'road', offset: 0, limit: 10 })).toEqual(a);
  });
});
