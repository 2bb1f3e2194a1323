// FEATURE UNDER TEST: the deterministic demo dataset (GTFS, NaPTAN, rail stations, postcodes of a South and West Yorkshire world).
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { buildSnapshot } from '@transit/builder';
import { generateDemo, type DemoFiles } from '../../packages/builder/src/demo/index.js';
import { data } from '../support/data.js';

type Row = Record<string, string>;

const rows = (text: string): Row[] => parse(text, { columns: true, skip_empty_lines: true });
const header = (text: string) => text.slice(0, text.indexOf('\n'));
const seconds = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};
const metres = (a: Row, b: Row) => {
  const dLat = (Number(a.Latitude) - Number(b.Latitude)) * 111_320;
  const dLon = (Number(a.Longitude) - Number(b.Longitude)) * 111_320 * Math.cos((Number(a.Latitude) * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};
const OPPOSITE: Record<string, string> = { N: 'S', NE: 'SW', E: 'W', SE: 'NW', S: 'N', SW: 'NE', W: 'E', NW: 'SE' };
const asObject = (d: DemoFiles) => ({ ...d, gtfs: Object.fromEntries(d.gtfs) });

const demo = generateDemo();
const file = (name: string) => rows(demo.gtfs.get(name)!);
const stops = file('stops.txt');
const routes = file('routes.txt');
const trips = file('trips.txt');
const stopTimes = file('stop_times.txt');
const naptan = rows(demo.naptan);
const tripById = new Map(trips.map((t) => [t.trip_id, t]));
const routeById = new Map(routes.map((r) => [r.route_id, r]));
const timesByTrip = new Map<string, Row[]>();
for (const r of stopTimes) {
  const list = timesByTrip.get(r.trip_id);
  if (list) list.push(r);
  else timesByTrip.set(r.trip_id, [r]);
}

describe('demo dataset: determinism', () => {
  it('is a pure function of the seed: seed 1 twice (and the default) is byte-identical', () => {
    expect(asObject(generateDemo({ seed: 1 }))).toEqual(asObject(demo));
    expect(asObject(generateDemo({}))).toEqual(asObject(demo));
  });

  it('another seed changes times and jitter but keeps the same world', () => {
    const other = generateDemo({ seed: 2 });
    expect(other.gtfs.get('stop_times.txt')).not.toBe(demo.gtfs.get('stop_times.txt'));
    expect(other.naptan).not.toBe(demo.naptan);
    expect(other.gtfs.get('routes.txt')).toBe(demo.gtfs.get('routes.txt'));
    const ids = (d: DemoFiles) => rows(d.gtfs.get('stops.txt')!).map((s) => `${s.stop_id} ${s.stop_name}`);
    expect(ids(other)).toEqual(ids(demo));
    expect(rows(other.gtfs.get('trips.txt')!).length).toBe(trips.length);
  });
});

describe('demo dataset: GTFS', () => {
  it('has every file, with the BODS columns', () => {
    const names = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt', 'shapes.txt', 'feed_info.txt'];
    expect([...demo.gtfs.keys()].sort()).toEqual(names.sort());
    expect(header(demo.gtfs.get('agency.txt')!)).toContain('agency_noc');
    expect(header(demo.gtfs.get('trips.txt')!)).toContain('vehicle_journey_code');
    expect(header(demo.gtfs.get('trips.txt')!)).toContain('block_id');
    expect(file('feed_info.txt')[0].feed_publisher_name).toBe('UK Transit API demo (simulated data)');
  });

  it('references only what exists: stops, trips, routes, services, agencies, shapes', () => {
    const stopIds = new Set(stops.map((s) => s.stop_id));
    const serviceIds = new Set([...file('calendar.txt'), ...file('calendar_dates.txt')].map((c) => c.service_id));
    const shapeIds = new Set(file('shapes.txt').map((p) => p.shape_id));
    const agencyIds = new Set(file('agency.txt').map((a) => a.agency_id));
    expect(stopTimes.filter((r) => !stopIds.has(r.stop_id))).toEqual([]);
    expect(stopTimes.filter((r) => !tripById.has(r.trip_id))).toEqual([]);
    expect(trips.filter((t) => !routeById.has(t.route_id) || !serviceIds.has(t.service_id))).toEqual([]);
    expect(trips.filter((t) => t.shape_id && !shapeIds.has(t.shape_id))).toEqual([]);
    expect(routes.filter((r) => !agencyIds.has(r.agency_id))).toEqual([]);
    expect(new Set(stopTimes.map((r) => r.stop_id)).size).toBe(stops.length); // no unused stop in stops.txt
  });

  it('keeps times non-decreasing within each trip, arrival never after departure', () => {
    const bad: string[] = [];
    for (const [tripId, calls] of timesByTrip) {
      let last = -1;
      calls.forEach((c, i) => {
        const [arr, dep] = [seconds(c.arrival_time), seconds(c.departure_time)];
        if (arr < last || dep < arr || Number(c.stop_sequence) !== i + 1) bad.push(`${tripId}#${c.stop_sequence}`);
        last = dep;
      });
    }
    expect(bad).toEqual([]);
    expect(timesByTrip.size).toBe(trips.length);
    expect(stopTimes.length).toBeLessThan(150_000);
  });

  it('runs night journeys past midnight, some starting after 24:00:00', () => {
    expect(stopTimes.some((r) => seconds(r.arrival_time) >= 24 * 3600)).toBe(true);
    expect([...timesByTrip.values()].some((calls) => seconds(calls[0].departure_time) >= 24 * 3600)).toBe(true);
  });

  it('has a circular route in both directions (first stop = last stop)', () => {
    const circular = [...timesByTrip].filter(([, calls]) => calls.length > 2 && calls[0].stop_id === calls[calls.length - 1].stop_id);
    const directions = new Set(circular.map(([id]) => tripById.get(id)!.direction_id));
    expect(directions).toEqual(new Set(['0', '1']));
  });

  it('runs every route both ways, with headsigns, short workings and a school-day journey', () => {
    for (const r of routes) {
      const own = trips.filter((t) => t.route_id === r.route_id);
      expect(new Set(own.map((t) => t.direction_id)), r.route_id).toEqual(new Set(['0', '1']));
      expect(own.every((t) => t.trip_headsign)).toBe(true);
    }
    const fullLength = new Map<string, number>();
    for (const t of trips) fullLength.set(t.route_id, Math.max(fullLength.get(t.route_id) ?? 0, timesByTrip.get(t.trip_id)!.length));
    const short = trips.filter((t) => routeById.get(t.route_id)!.route_type === '3' && timesByTrip.get(t.trip_id)!.length < fullLength.get(t.route_id)!);
    expect(new Set(short.map((t) => t.route_id)).size).toBeGreaterThanOrEqual(3);
    expect(trips.some((t) => t.service_id === 'SCH')).toBe(true);
  });

  it('has about 25 bus routes, a coach, four Supertram lines and the rail corridors of four operators', () => {
    const byType = (type: string) => routes.filter((r) => r.route_type === type);
    expect(byType('3').length).toBeGreaterThanOrEqual(18);
    expect(byType('200').length).toBeGreaterThanOrEqual(1);
    expect(byType('0').map((r) => r.route_short_name).sort()).toEqual(['Blue', 'Purple', 'TT', 'Yellow']);
    expect(new Set(byType('2').map((r) => r.agency_id))).toEqual(new Set(['NT', 'TP', 'XC', 'GR']));
    const railTrips = new Set(trips.filter((t) => routeById.get(t.route_id)!.route_type === '2').map((t) => t.trip_id));
    const railStops = new Set(stopTimes.filter((r) => railTrips.has(r.trip_id)).map((r) => r.stop_id));
    expect(railStops.size).toBeGreaterThanOrEqual(5);
    for (const id of railStops) expect(id).toMatch(/^9100[A-Z]+$/);
    const crs = stops.filter((s) => railStops.has(s.stop_id)).map((s) => s.stop_code);
    expect(crs).toEqual(expect.arrayContaining(['SHF', 'MHS', 'DON', 'BNY', 'WKK', 'WKF', 'MRP', 'LDS', 'BDI', 'BDQ', 'HUD', 'YRK']));
    const stations = rows(demo.railStations).map((s) => s.crsCode);
    expect(stations).toEqual(expect.arrayContaining([...crs, 'LDS', 'HUD', 'HFX', 'BDI']));
    expect(header(demo.railStations)).toBe('stationName,lat,long,crsCode,iataAirportCode,constituentCountry');
  });

  it('gives every bus, coach and tram trip a shape; bus trips carry 4-digit journey codes and blocks', () => {
    const shaped = new Set(file('shapes.txt').map((p) => p.shape_id));
    const road = trips.filter((t) => routeById.get(t.route_id)!.route_type !== '2');
    expect(road.filter((t) => !shaped.has(t.shape_id))).toEqual([]);
    expect(road.filter((t) => !/^\d{4}$/.test(t.vehicle_journey_code) || !t.block_id)).toEqual([]);
  });

  it('runs from 2024-01-01 to 2030-12-31 with weekday, Saturday and Sunday calendars', () => {
    const calendar = file('calendar.txt');
    for (const c of calendar) expect([c.start_date, c.end_date]).toEqual(['20240101', '20301231']);
    const days = (id: string) => {
      const c = calendar.find((x) => x.service_id === id)!;
      return ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => c[d]).join('');
    };
    expect([days('WK'), days('SA'), days('SU')]).toEqual(['1111100', '0000010', '0000001']);
    const perDay = (id: string) => trips.filter((t) => t.service_id === id).length;
    expect(perDay('WK')).toBeGreaterThan(perDay('SA'));
    expect(perDay('SA')).toBeGreaterThan(perDay('SU'));
  });

  it('marks bank holidays: no service on Christmas Day, Sunday service on the others', () => {
    const exceptions = new Set(file('calendar_dates.txt').map((c) => `${c.service_id} ${c.date} ${c.exception_type}`));
    expect(exceptions.has('WK 20261225 2')).toBe(true); // Christmas Day, a Friday
    expect(exceptions.has('SU 20261225 1')).toBe(false);
    expect(exceptions.has('SA 20261226 2') && exceptions.has('SU 20261226 1')).toBe(true); // Boxing Day, a Saturday
    expect(exceptions.has('WK 20261228 2') && exceptions.has('SU 20261228 1')).toBe(true); // substitute day
    expect(exceptions.has('WK 20270326 2') && exceptions.has('SU 20270326 1')).toBe(true); // Good Friday 2027
    expect(exceptions.has('WK 20280103 2')).toBe(true); // New Year substitute (1 January 2028 is a Saturday)
    expect(exceptions.has('SCH 20260728 2')).toBe(true); // summer school holidays
  });
});

describe('demo dataset: NaPTAN', () => {
  const realFile = data('naptan/370Stops.csv');

  it.skipIf(!existsSync(realFile))(`has exactly the header of the real 370Stops.csv (skipped when ${realFile} is absent)`, () => {
    const real = readFileSync(realFile, 'utf8');
    expect(header(demo.naptan)).toBe(header(real).replace(/\r$/, ''));
  });

  it('has 43 columns and a row for every stop in stops.txt, plus a few inactive unused stops', () => {
    expect(header(demo.naptan).split(',')).toHaveLength(43);
    const byAtco = new Map(naptan.map((s) => [s.ATCOCode, s]));
    expect(stops.filter((s) => !byAtco.has(s.stop_id))).toEqual([]);
    const used = new Set(stopTimes.map((r) => r.stop_id));
    const inactive = naptan.filter((s) => s.Status === 'inactive');
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    expect(inactive.filter((s) => used.has(s.ATCOCode))).toEqual([]);
    expect(stops.length).toBeGreaterThanOrEqual(300);
    expect(stops.length).toBeLessThanOrEqual(700);
  });

  it('uses South and West Yorkshire ATCO and SMS codes, tram platforms and stable localities', () => {
    for (const s of naptan.filter((x) => x.StopType === 'BCT' || x.StopType === 'BCS')) {
      expect(s.ATCOCode).toMatch(s.AdministrativeAreaCode === '099' ? /^370\d{6}$/ : /^450\d{6}$/);
      expect(s.NaptanCode).toMatch(s.AdministrativeAreaCode === '099' ? /^37\d{6}$/ : /^45\d{6}$/);
    }
    expect(new Set(naptan.map((s) => s.AdministrativeAreaCode))).toEqual(new Set(['099', '107', '147', '110']));
    const tram = naptan.filter((s) => s.StopType === 'PLT');
    expect(tram.length).toBeGreaterThanOrEqual(18);
    for (const s of tram) expect(s.ATCOCode).toMatch(/^9400ZZSY[A-Z]{3}[12]$/);
    const codeByName = new Map<string, Set<string>>();
    for (const s of naptan) (codeByName.get(s.LocalityName) ?? codeByName.set(s.LocalityName, new Set()).get(s.LocalityName)!).add(s.NptgLocalityCode);
    for (const [name, codes] of codeByName) expect(codes.size, name).toBe(1);
    for (const s of naptan) expect(s.NptgLocalityCode).toMatch(/^E00\d{5}$/);
  });

  it('pairs same-named stops across the road, facing opposite ways, served by the two directions of a line', () => {
    const directionsAt = new Map<string, Set<string>>();
    for (const r of stopTimes) {
      const t = tripById.get(r.trip_id)!;
      (directionsAt.get(r.stop_id) ?? directionsAt.set(r.stop_id, new Set()).get(r.stop_id)!).add(`${t.route_id}/${t.direction_id}`);
    }
    const kerbside = naptan.filter((s) => s.StopType === 'BCT' && s.Status === 'active');
    let pairs = 0;
    for (const a of kerbside) {
      for (const b of kerbside) {
        if (a.ATCOCode >= b.ATCOCode || a.CommonName !== b.CommonName || metres(a, b) > 60 || OPPOSITE[a.Bearing] !== b.Bearing) continue;
        const served = [...directionsAt.get(a.ATCOCode)!].some((rd) => directionsAt.get(b.ATCOCode)!.has(`${rd.slice(0, -1)}${rd.endsWith('0') ? 1 : 0}`));
        if (served && a.Indicator !== b.Indicator) pairs++;
      }
    }
    expect(pairs).toBeGreaterThanOrEqual(3);
  });
});

describe('demo dataset: postcodes', () => {
  it('lists a few hundred unique postcodes with their space and 5 decimals, real central ones included', () => {
    expect(header(demo.postcodes)).toBe('Postcode,lat,long');
    const codes = rows(demo.postcodes);
    expect(codes.length).toBeGreaterThanOrEqual(200);
    expect(new Set(codes.map((c) => c.Postcode)).size).toBe(codes.length);
    for (const c of codes) {
      expect(c.Postcode).toMatch(/^(S|DN|LS|BD|WF|HD|HX)\d{1,2} \d[A-Z]{2}$/);
      expect(c.lat).toMatch(/^5[34]\.\d{5}$/);
      expect(c.long).toMatch(/^-1\.\d{5}$/);
    }
    expect(codes.map((c) => c.Postcode)).toEqual(expect.arrayContaining(['S1 2HH', 'LS1 4DY']));
  });
});

describe('demo dataset: through the real builder', () => {
  it('builds a snapshot without a single feed issue', async () => {
    const { issues } = await buildSnapshot({ demo: true, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' });
    expect(issues.summary()).toEqual([]);
  });
});
