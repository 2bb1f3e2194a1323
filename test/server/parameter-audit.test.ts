// FEATURE UNDER TEST: every documented parameter of every endpoint (the server's own /openapi.json is the list) changes the answer where it should, and its invalid values get a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noLiveConfig, startLiveServices, type LiveServices } from '@transit/server';
import { demoFeeds } from '@transit/cli';
import { demoSnapshotEngine, startTestServer, type TestResponse, type TestServer } from '../support/server.js';
import { invalidValues, type ParamSchema } from '../support/param-audit.js';

/** The real server over the demo snapshot, with the demo's simulated live feeds (disruptions need them). */
let api: TestServer;
let live: LiveServices;
/** Ids discovered once from the demo (never hard-coded trip ids). */
const ids = { stand: '', busTrip: '', railTrip: '' };

const DAY = '2026-03-03'; // a Tuesday in the demo calendar
const SATURDAY = '2026-03-07';
const SHEFFIELD = 'lat=53.3797&lon=-1.4626';
const SHF_LDS = 'from_lat=53.38&from_lon=-1.47&to_lat=53.80&to_lon=-1.55';
const JOURNEY = `/v1/journey.json?${SHF_LDS}&datetime=${DAY}T10:00&include_live=false&modes=`;
const CENTRE_BOX = 'min_lat=53.37&min_lon=-1.48&max_lat=53.39&max_lon=-1.45';

beforeAll(async () => {
  live = await startLiveServices({ engine: await demoSnapshotEngine(), config: { ...noLiveConfig(), simulate: true }, log: () => {}, demoFeeds });
  api = await startTestServer({ live: live.state });
  const board = await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&live=false`);
  ids.busTrip = board.departures[0].trip_id;
  const station = await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`);
  ids.railTrip = station.departures[0].trip_id;
  const stands = await ok(`/v1/bus/stops.json?${SHEFFIELD}&radius=200&type=bus_stop`);
  ids.stand = stands.member[0].atcocode;
});
afterAll(async () => {
  await api?.close();
  await live?.stop();
});

/** GET, expect 200, return the body. */
async function ok(path: string): Promise<any> {
  const res = await api.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** `base` with `name` set to `value` (replacing any value it had). */
function withParam(base: string, name: string, value: string): string {
  const [path, query = ''] = base.split('?');
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${path}?${params.toString()}`;
}

const names = (body: any, key = 'member') => body[key].map((m: any) => m.name ?? m.id ?? m.trip_id ?? m.line);
const sameSet = (a: unknown[], b: unknown[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** The answer changes when the parameter does: two values, two different projections of the answer. */
async function differs(a: string, b: string, pick: (body: any) => unknown): Promise<void> {
  const [x, y] = [pick(await ok(a)), pick(await ok(b))];
  expect(JSON.stringify(x), `${a} and ${b} answer alike`).not.toBe(JSON.stringify(y));
}

/** `limit=1` returns one item where the default returns several; `results_count` is unchanged. */
async function limits(base: string, key = 'member'): Promise<void> {
  const all = await ok(base);
  const one = await ok(withParam(base, 'limit', '1'));
  expect(all[key].length).toBeGreaterThan(1);
  expect(one[key]).toHaveLength(1);
  if ('results_count' in all) expect(one.results_count).toBe(all.results_count);
}

/** Page 2 of one-item pages is the second item of the list. */
async function pages(base: string, key = 'member'): Promise<void> {
  const all = await ok(withParam(base, 'limit', '2'));
  const second = await ok(withParam(withParam(base, 'limit', '1'), 'page', '2'));
  expect(second.page).toBe(2);
  expect(second[key]).toEqual([all[key][1]]);
}

/** Tightening one side of a bounding box leaves out items beyond it and keeps the rest inside. */
function boxSide(path: string, box: [number, number, number, number], side: 'min_lat' | 'min_lon' | 'max_lat' | 'max_lon', count: (body: any) => number, inside?: (body: any, b: number[]) => boolean) {
  return async () => {
    const q = (b: number[]) => `${path}${path.includes('?') ? '&' : '?'}min_lat=${b[0]}&min_lon=${b[1]}&max_lat=${b[2]}&max_lon=${b[3]}`;
    const tight = [...box];
    const i = ['min_lat', 'min_lon', 'max_lat', 'max_lon'].indexOf(side);
    const span = i % 2 === 0 ? box[2] - box[0] : box[3] - box[1];
    tight[i] += (i < 2 ? 1 : -1) * span * 0.6;
    const [wide, narrow] = [await ok(q(box)), await ok(q(tight))];
    expect(count(narrow), `${side} tightened`).toBeLessThan(count(wide));
    expect(count(narrow)).toBeGreaterThan(0);
    if (inside) expect(inside(narrow, tight)).toBe(true);
  };
}
const within = (key = 'member') => (body: any, b: number[]) => body[key].every((m: any) => m.latitude >= b[0] && m.latitude <= b[2] && m.longitude >= b[1] && m.longitude <= b[3]);
const box4 = (path: string, box: [number, number, number, number], count: (body: any) => number, inside?: (body: any, b: number[]) => boolean) =>
  Object.fromEntries((['min_lat', 'min_lon', 'max_lat', 'max_lon'] as const).map((side) => [side, { base: `${path}${path.includes('?') ? '&' : '?'}min_lat=${box[0]}&min_lon=${box[1]}&max_lat=${box[2]}&max_lon=${box[3]}`, effect: boxSide(path, box, side, count, inside) }]));

/** One parameter's audit: the answer it changes, the base query its invalid values are tried on, and invalid values beyond those derived from its schema. */
interface Case {
  effect: () => Promise<void>;
  /** A valid query the invalid values are substituted into (default: the operation's base). */
  base?: string;
  invalid?: string[];
}

/** Per operation: a valid query, and a case per parameter. */
const OPERATIONS: Record<string, { base: () => string; cases: Record<string, Case> }> = {
  searchPlaces: {
    base: () => '/v1/places.json?query=sheffield',
    cases: {
      query: { effect: () => differs('/v1/places.json?query=sheffield', '/v1/places.json?query=leeds', names) },
      type: {
        effect: async () => {
          const body = await ok('/v1/places.json?query=sheffield&type=train_station');
          expect(body.member.length).toBeGreaterThan(0);
          expect(body.member.every((m: any) => m.type === 'train_station')).toBe(true);
          expect(body.results_count).toBeLessThan((await ok('/v1/places.json?query=sheffield')).results_count);
        },
      },
      lat: { base: '/v1/places.json?query=station&lat=53.38&lon=-1.47', effect: () => differs('/v1/places.json?query=station&lat=53.38&lon=-1.47', '/v1/places.json?query=station&lat=53.80&lon=-1.47', names) },
      lon: { base: '/v1/places.json?query=station&lat=53.38&lon=-1.47', effect: () => differs('/v1/places.json?query=station&lat=53.70&lon=-1.80', '/v1/places.json?query=station&lat=53.70&lon=-1.20', names) },
      ...box4('/v1/places.json?query=road', [53.3, -1.6, 53.6, -1.1], (b) => b.results_count, within()),
      limit: { effect: () => limits('/v1/places.json?query=sheffield') },
      page: { effect: () => pages('/v1/places.json?query=sheffield') },
    },
  },
  searchBusStops: {
    base: () => `/v1/bus/stops.json?${SHEFFIELD}`,
    cases: {
      lat: { effect: () => differs(`/v1/bus/stops.json?${SHEFFIELD}`, '/v1/bus/stops.json?lat=53.7955&lon=-1.4626&radius=5000', names) },
      lon: { effect: () => differs(`/v1/bus/stops.json?${SHEFFIELD}`, '/v1/bus/stops.json?lat=53.3797&lon=-1.3571&radius=5000', names) },
      radius: {
        effect: async () => {
          const [near, far] = [await ok(`/v1/bus/stops.json?${SHEFFIELD}&radius=100`), await ok(`/v1/bus/stops.json?${SHEFFIELD}&radius=1000`)];
          expect(near.results_count).toBeLessThan(far.results_count);
          expect(near.member.every((m: any) => m.distance <= 100)).toBe(true);
        },
      },
      ...box4('/v1/bus/stops.json', [53.37, -1.48, 53.39, -1.45], (b) => b.results_count, within()),
      type: {
        effect: async () => {
          const body = await ok(`/v1/bus/stops.json?${SHEFFIELD}&radius=1000&type=tram_stop`);
          expect(body.member.length).toBeGreaterThan(0);
          expect(body.member.every((m: any) => m.type === 'tram_stop')).toBe(true);
          expect(body.results_count).toBeLessThan((await ok(`/v1/bus/stops.json?${SHEFFIELD}&radius=1000`)).results_count);
        },
      },
      limit: { effect: () => limits(`/v1/bus/stops.json?${SHEFFIELD}`) },
      page: { effect: () => pages(`/v1/bus/stops.json?${SHEFFIELD}`) },
    },
  },
  searchRailStations: {
    base: () => '/v1/rail/stations.json?lat=53.38&lon=-1.47',
    cases: {
      lat: { effect: () => differs('/v1/rail/stations.json?lat=53.38&lon=-1.47', '/v1/rail/stations.json?lat=53.795&lon=-1.47&radius=10000', names) },
      lon: { effect: () => differs('/v1/rail/stations.json?lat=53.79&lon=-1.55', '/v1/rail/stations.json?lat=53.79&lon=-1.75', names) },
      radius: {
        effect: async () => {
          const [near, far] = [await ok('/v1/rail/stations.json?lat=53.38&lon=-1.47&radius=2000'), await ok('/v1/rail/stations.json?lat=53.38&lon=-1.47&radius=20000')];
          expect(near.results_count).toBeLessThan(far.results_count);
          expect(near.member.every((m: any) => m.distance <= 2000)).toBe(true);
        },
      },
      ...box4('/v1/rail/stations.json', [53.3, -1.9, 53.9, -1.2], (b) => b.results_count, within()),
      limit: { effect: () => limits('/v1/rail/stations.json?lat=53.38&lon=-1.47&radius=50000') },
      page: { effect: () => pages('/v1/rail/stations.json?lat=53.38&lon=-1.47&radius=50000') },
    },
  },
  searchBusRoutes: {
    base: () => '/v1/bus/routes.json?operator=DVBS',
    cases: {
      q: { effect: () => differs('/v1/bus/routes.json?q=52', '/v1/bus/routes.json?q=yellow', names) },
      operator: {
        effect: async () => {
          const body = await ok('/v1/bus/routes.json?operator=ACMS&limit=100');
          expect(body.member.length).toBeGreaterThan(0);
          expect(body.member.every((m: any) => m.operator_code === 'ACMS')).toBe(true);
          await differs('/v1/bus/routes.json?operator=ACMS', '/v1/bus/routes.json?operator=PNBL', names);
        },
      },
      atcocode: {
        effect: async () => {
          const body = await ok('/v1/bus/routes.json?atcocode=9400ZZSYCAT1&limit=100');
          expect(body.member.map((m: any) => m.line).sort()).toEqual(['Blue', 'Purple', 'TT', 'Yellow']);
        },
      },
      limit: { effect: () => limits('/v1/bus/routes.json?operator=DVBS') },
      page: { effect: () => pages('/v1/bus/routes.json?operator=DVBS') },
    },
  },
  getBusRoute: {
    base: () => `/v1/bus/routes/DVBS-52.json?date=${DAY}`,
    cases: {
      route_id: { effect: () => differs(`/v1/bus/routes/DVBS-52.json?date=${DAY}`, `/v1/bus/routes/HLTW-Yellow.json?date=${DAY}`, (b) => b.representative_stops) },
      date: { effect: () => differs(`/v1/bus/routes/DVBS-52.json?date=${DAY}`, `/v1/bus/routes/DVBS-52.json?date=${SATURDAY}`, (b) => [b.results_count, b.timetable[0].departure_time]), invalid: ['2026-02-30', 'tuesday'] },
      direction: {
        effect: async () => {
          const body = await ok(`/v1/bus/routes/DVBS-52.json?date=${DAY}&direction=1&limit=200`);
          expect(body.timetable.every((t: any) => t.direction === 1)).toBe(true);
          expect(body.results_count).toBeLessThan((await ok(`/v1/bus/routes/DVBS-52.json?date=${DAY}`)).results_count);
        },
      },
      limit: { effect: () => limits(`/v1/bus/routes/DVBS-52.json?date=${DAY}`, 'timetable') },
      page: { effect: () => pages(`/v1/bus/routes/DVBS-52.json?date=${DAY}`, 'timetable') },
    },
  },
  searchRailRoutes: {
    base: () => '/v1/rail/routes.json?crs_code=SHF',
    cases: {
      q: { effect: () => differs('/v1/rail/routes.json?q=northern', '/v1/rail/routes.json?q=crosscountry', names) },
      operator: { effect: () => differs('/v1/rail/routes.json?operator=NT', '/v1/rail/routes.json?operator=TP', names) },
      crs_code: { effect: () => differs('/v1/rail/routes.json?crs_code=SHF', '/v1/rail/routes.json?crs_code=YRK', names) },
      limit: { effect: () => limits('/v1/rail/routes.json?crs_code=SHF') },
      page: { effect: () => pages('/v1/rail/routes.json?crs_code=SHF') },
    },
  },
  getRailRoute: {
    base: () => `/v1/rail/routes/NT.json?date=${DAY}`,
    cases: {
      route_id: { effect: () => differs(`/v1/rail/routes/NT.json?date=${DAY}`, `/v1/rail/routes/XC.json?date=${DAY}`, (b) => b.representative_stops) },
      date: { effect: () => differs(`/v1/rail/routes/NT.json?date=${DAY}`, `/v1/rail/routes/NT.json?date=${SATURDAY}`, (b) => [b.results_count, b.timetable[0].departure_time]), invalid: ['2026-13-01'] },
      limit: { effect: () => limits(`/v1/rail/routes/NT.json?date=${DAY}`, 'timetable') },
      page: { effect: () => pages(`/v1/rail/routes/NT.json?date=${DAY}`, 'timetable') },
    },
  },
  getStopTimetable: {
    base: () => `/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00`,
    cases: {
      atcocode: { effect: () => differs(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00`, `/v1/bus/stop_timetables/${ids.stand}.json?datetime=${DAY}T10:00`, (b) => b.departures.map((d: any) => d.line)) },
      datetime: { effect: () => differs(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00`, `/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T15:00`, (b) => b.departures[0].aimed_departure_time), invalid: ['yesterday', '2026-03-03T25:00'] },
      from_offset: {
        effect: async () => {
          const body = await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&from_offset=-30`);
          expect(body.departures[0].aimed_departure_time < `${DAY}T10:00`).toBe(true);
        },
      },
      to_offset: {
        effect: async () => {
          const body = await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&to_offset=10`);
          expect(body.departures.length).toBeGreaterThan(0);
          expect(body.departures.every((d: any) => d.aimed_departure_time <= `${DAY}T10:10:00+00:00`)).toBe(true);
          expect(body.departures.length).toBeLessThan((await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00`)).departures.length);
        },
      },
      limit: { effect: () => limits(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00`, 'departures') },
      type: {
        effect: async () => {
          const body = await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&type=arrivals`);
          expect(body.arrivals.length).toBeGreaterThan(0);
          expect(body.departures).toBeUndefined();
        },
      },
      live: {
        effect: async () => {
          expect((await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&live=true`)).live_requested).toBe(true);
          expect((await ok(`/v1/bus/stop_timetables/9400ZZSYCAT1.json?datetime=${DAY}T10:00&live=false`)).live_requested).toBe(false);
        },
      },
    },
  },
  getBusService: {
    base: () => `/v1/bus/services/${ids.busTrip}.json?date=${DAY}`,
    cases: {
      trip_id: { effect: async () => differs(`/v1/bus/services/${ids.busTrip}.json?date=${DAY}`, `/v1/bus/services/${(await ok(`/v1/bus/stop_timetables/${ids.stand}.json?datetime=${DAY}T10:00`)).departures[0].trip_id}.json?date=${DAY}`, (b) => b.stops) },
      date: { effect: () => differs(`/v1/bus/services/${ids.busTrip}.json?date=${DAY}`, `/v1/bus/services/${ids.busTrip}.json?date=2026-03-04`, (b) => b.stops[0].aimed_departure_time), invalid: ['2026-02-30'] },
      live: {
        // Without a vehicle feed the demo server's answer says so; live=false does not look.
        effect: async () => {
          const plain = await startTestServer();
          try {
            const on = await plain.get(`/v1/bus/services/${ids.busTrip}.json?date=${DAY}&live=true`);
            const off = await plain.get(`/v1/bus/services/${ids.busTrip}.json?date=${DAY}&live=false`);
            expect(on.body.live_error).toMatch(/not configured/);
            expect(off.body.live_error).toBeNull();
          } finally {
            await plain.close();
          }
        },
      },
    },
  },
  getStationTimetable: {
    base: () => `/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`,
    cases: {
      crs_code: { effect: () => differs(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`, `/v1/rail/station_timetables/LDS.json?datetime=${DAY}T10:00`, (b) => b.departures.map((d: any) => d.destination)) },
      datetime: { effect: () => differs(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`, `/v1/rail/station_timetables/SHF.json?datetime=${DAY}T16:00`, (b) => b.departures[0].aimed_departure_time), invalid: ['noon'] },
      from_offset: {
        effect: async () => {
          const body = await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00&from_offset=-60`);
          expect(body.departures[0].aimed_departure_time < `${DAY}T10:00`).toBe(true);
        },
      },
      to_offset: {
        effect: async () => {
          const [short, long] = [await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00&to_offset=15`), await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00&to_offset=120&limit=100`)];
          expect(short.departures.length).toBeGreaterThan(0);
          expect(short.departures.length).toBeLessThan(long.departures.length);
        },
      },
      limit: { effect: () => limits(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`, 'departures') },
      type: {
        effect: async () => {
          const body = await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00&type=both`);
          expect(body.arrivals.length).toBeGreaterThan(0);
          expect(body.departures.length).toBeGreaterThan(0);
          expect((await ok(`/v1/rail/station_timetables/SHF.json?datetime=${DAY}T10:00`)).arrivals).toBeUndefined();
        },
      },
    },
  },
  getRailService: {
    base: () => `/v1/rail/services/${ids.railTrip}.json?date=${DAY}`,
    cases: {
      trip_id: { effect: async () => differs(`/v1/rail/services/${ids.railTrip}.json?date=${DAY}`, `/v1/rail/services/${(await ok(`/v1/rail/station_timetables/LDS.json?datetime=${DAY}T10:00`)).departures[0].trip_id}.json?date=${DAY}`, (b) => b.stops) },
      date: { effect: () => differs(`/v1/rail/services/${ids.railTrip}.json?date=${DAY}`, `/v1/rail/services/${ids.railTrip}.json?date=2026-03-05`, (b) => b.stops[0].aimed_departure_time), invalid: ['03/03/2026'] },
    },
  },
  planJourney: {
    base: () => JOURNEY,
    cases: {
      from_lat: { effect: () => differs(JOURNEY, withParam(JOURNEY, 'from_lat', '53.55'), (b) => b.itineraries[0].legs[0].to.name) },
      from_lon: { effect: () => differs(JOURNEY, withParam(withParam(JOURNEY, 'from_lat', '53.43'), 'from_lon', '-1.36'), (b) => b.itineraries[0].legs[0].to.name) },
      to_lat: { effect: () => differs(JOURNEY, withParam(JOURNEY, 'to_lat', '53.68'), (b) => b.itineraries[0].legs.at(-1).from.name) },
      to_lon: { effect: () => differs(JOURNEY, withParam(withParam(JOURNEY, 'to_lat', '53.79'), 'to_lon', '-1.75'), (b) => b.itineraries[0].legs.at(-1).from.name) },
      datetime: {
        effect: async () => {
          const body = await ok(withParam(JOURNEY, 'datetime', `${DAY}T15:00`));
          expect(body.itineraries[0].start_time >= `${DAY}T15:00`).toBe(true);
          await differs(JOURNEY, withParam(JOURNEY, 'datetime', `${DAY}T15:00`), (b) => b.itineraries[0].start_time);
        },
        invalid: ['tomorrow', '2026-03-03T24:61'],
      },
      arrive_by: {
        effect: async () => {
          const body = await ok(withParam(withParam(JOURNEY, 'arrive_by', 'true'), 'datetime', `${DAY}T12:00`));
          expect(body.itineraries.length).toBeGreaterThan(0);
          expect(body.itineraries.every((it: any) => Date.parse(it.end_time) <= Date.parse(`${DAY}T12:00:00Z`))).toBe(true);
        },
      },
      modes: {
        effect: async () => {
          expect(Object.keys((await ok(JOURNEY)).alternatives)).toEqual([]);
          expect(Object.keys((await ok(withParam(JOURNEY, 'modes', 'walk,car'))).alternatives).sort()).toEqual(['car', 'walk']);
        },
      },
      transit_modes: {
        effect: async () => {
          const railModes = (b: any) => new Set(b.itineraries.flatMap((it: any) => it.legs.map((l: any) => l.mode)));
          expect(railModes(await ok(JOURNEY)).has('rail')).toBe(true);
          const busOnly = railModes(await ok(withParam(JOURNEY, 'transit_modes', '')));
          expect(busOnly.has('rail')).toBe(false);
          expect(busOnly.has('tram')).toBe(false);
        },
      },
      include_fares: {
        effect: async () => {
          const on = await ok(JOURNEY);
          const off = await ok(withParam(JOURNEY, 'include_fares', 'false'));
          expect(on.itineraries[0].fare).not.toBeNull();
          expect(on.notices.map((n: any) => n.code)).toContain('fares_unavailable');
          for (const it of off.itineraries) {
            expect(it.fare).toBeNull();
            for (const leg of it.legs) expect([leg.fare, leg.fare_unavailable_reason]).toEqual([null, null]);
          }
          expect(off.notices.map((n: any) => n.code)).not.toContain('fares_unavailable');
        },
      },
      page_cursor: {
        effect: async () => {
          // The next page pages on: later departures, none of the first page's repeated; the previous page of that is the first again.
          const first = await ok(JOURNEY);
          expect(first.next_page).toEqual(expect.any(String));
          const next = await ok(withParam(JOURNEY, 'page_cursor', first.next_page));
          const key = (it: any) => `${it.start_time} ${it.end_time} ${it.legs.map((l: any) => l.trip_id ?? l.mode).join('+')}`;
          expect(next.itineraries.length).toBeGreaterThan(0);
          expect(next.itineraries[0].start_time >= first.itineraries.at(-1).start_time).toBe(true);
          expect(next.itineraries.map(key).filter((k: string) => first.itineraries.map(key).includes(k))).toEqual([]);
          const back = await ok(withParam(JOURNEY, 'page_cursor', next.previous_page));
          expect(back.itineraries.map(key)).toEqual(first.itineraries.map(key));
        },
        invalid: ['not-a-cursor', 'eyJ4IjoxfQ.AAAA'],
      },
      include_live: {
        effect: async () => {
          // The audit server simulates vehicles (healthy feed: live_error null either way); the plain demo server has none, and says so only when asked.
          const plain = await startTestServer();
          try {
            expect((await plain.get(withParam(JOURNEY, 'include_live', 'true'))).body.live_error).toMatch(/not configured/);
            expect((await plain.get(JOURNEY)).body.live_error).toBeNull();
          } finally {
            await plain.close();
          }
        },
      },
      include_intermediate_stops: {
        effect: async () => {
          const rail = (b: any) => b.itineraries[0].legs.find((l: any) => l.mode === 'rail');
          expect(rail(await ok(JOURNEY)).intermediate_stops).toBeNull();
          expect(rail(await ok(withParam(JOURNEY, 'include_intermediate_stops', 'true'))).intermediate_stops.length).toBeGreaterThan(0);
        },
      },
      max_walk_distance: {
        effect: async () => {
          // Leeds station lies ~600 m from the destination: with 300 m no stop is near enough, and the notice says so.
          const body = await ok(withParam(JOURNEY, 'max_walk_distance', '300'));
          expect(body.itineraries).toEqual([]);
          expect(body.notices).toContainEqual({ code: 'no_stops_near_destination', message: expect.stringContaining('(300 m)') });
          const wide = await ok(withParam(JOURNEY, 'max_walk_distance', '1000'));
          expect(wide.itineraries.length).toBeGreaterThan(0);
          expect(wide.itineraries.every((it: any) => it.legs.every((l: any) => l.mode !== 'walk' || l.distance_m <= 1000))).toBe(true);
        },
      },
      max_total_walk_distance: {
        effect: async () => {
          // Station to station walks ~1.3 km in all (725 m + 598 m): 1000 m in all leaves every such itinerary out.
          const free = await ok(JOURNEY);
          expect(free.itineraries.some((it: any) => it.walk_distance_m > 1000)).toBe(true);
          const body = await ok(withParam(JOURNEY, 'max_total_walk_distance', '1000'));
          expect(body.itineraries.every((it: any) => it.walk_distance_m <= 1000)).toBe(true);
          if (!body.itineraries.length) expect(body.notices.map((n: any) => n.code)).toContain('walk_limits_excluded');
        },
      },
      include_steps: {
        effect: async () => {
          const walk = (b: any) => b.itineraries[0].legs[0];
          expect(walk(await ok(JOURNEY)).steps).toBeNull();
          expect(walk(await ok(withParam(JOURNEY, 'include_steps', 'true'))).steps.length).toBeGreaterThan(0);
        },
      },
      limit: { effect: () => limits(JOURNEY, 'itineraries') },
    },
  },
  listDisruptions: {
    base: () => '/v1/disruptions.json?active_only=false&include_good_service=true',
    cases: {
      mode: { effect: () => filters('mode', 'tram', (m) => m.mode === 'tram') },
      severity: { effect: () => filters('severity', 'severe', (m) => m.severity === 'severe') },
      atcocode: { effect: async () => filters('atcocode', (await firstStop()).atcocode, (m) => m.affected_stops.some((s: any) => s.atcocode === firstStopCode)) },
      operator: { effect: async () => filters('operator', (await firstWith('operators')).operators[0].code, (m) => m.operators.length > 0) },
      line: { effect: async () => filters('line', (await firstWith('lines')).lines[0].name, (m) => m.lines.length > 0) },
      lat: { base: '/v1/disruptions.json?lat=53.38&lon=-1.47', effect: () => placed('lat') },
      lon: { base: '/v1/disruptions.json?lat=53.38&lon=-1.47', effect: () => placed('lon') },
      radius: { base: '/v1/disruptions.json?lat=53.38&lon=-1.47', effect: () => placed('radius') },
      ...Object.fromEntries(Object.entries(box4('/v1/disruptions.json?active_only=false', [53.0, -2.2, 54.0, -0.9], (b) => b.results_count)).map(([k, c]) => [k, { ...c, effect: () => boxed(k) }])),
      path: { base: '/v1/disruptions.json?path=_p~iF~ps|U_ulLnnqC', effect: () => pathed('path') },
      path_radius: { base: '/v1/disruptions.json?path=_p~iF~ps|U_ulLnnqC', effect: () => pathed('path_radius') },
      planned: { effect: () => filters('planned', 'true', (m) => m.planned === true) },
      active_only: {
        effect: async () => {
          const [active, all] = [await ok('/v1/disruptions.json'), await ok('/v1/disruptions.json?active_only=false')];
          expect(active.results_count).toBeLessThan(all.results_count);
          expect(active.member.every((m: any) => m.active)).toBe(true);
        },
      },
      include_good_service: {
        effect: async () => {
          const [plain, good] = [await ok('/v1/disruptions.json'), await ok('/v1/disruptions.json?include_good_service=true')];
          expect(plain.member.some((m: any) => m.severity === 'good')).toBe(false);
          expect(good.member.some((m: any) => m.severity === 'good')).toBe(true);
        },
      },
      limit: { effect: () => limits('/v1/disruptions.json?active_only=false') },
      page: { effect: () => pages('/v1/disruptions.json?active_only=false') },
    },
  },
  getStreetLines: {
    base: () => `/v1/streets.json?${CENTRE_BOX}`,
    cases: {
      ...box4('/v1/streets.json', [53.37, -1.48, 53.39, -1.45], (b) => b.point_count),
      max_points: {
        effect: async () => {
          // Documented: adding stops once max_points is reached (the last item may take the count past it).
          const [small, large] = [await ok(`/v1/streets.json?${CENTRE_BOX}&max_points=100`), await ok(`/v1/streets.json?${CENTRE_BOX}`)];
          expect([small.truncated, large.truncated]).toEqual([true, false]);
          expect(small.point_count).toBeLessThan(large.point_count);
        },
      },
    },
  },
  getRouteShapes: {
    base: () => `/v1/shapes.json?${CENTRE_BOX}`,
    cases: {
      ...box4('/v1/shapes.json', [53.37, -1.48, 53.39, -1.45], (b) => b.point_count),
      max_points: {
        effect: async () => {
          // Documented: adding stops once max_points is reached (the last item may take the count past it).
          const [small, large] = [await ok(`/v1/shapes.json?${CENTRE_BOX}&max_points=100`), await ok(`/v1/shapes.json?${CENTRE_BOX}`)];
          expect([small.truncated, large.truncated]).toEqual([true, false]);
          expect(small.point_count).toBeLessThan(large.point_count);
        },
      },
    },
  },
  health: { base: () => '/health', cases: {} },
  openapi: { base: () => '/openapi.json', cases: {} },
};

/** Every disruption the simulated feeds carry, in force or not, good service included. */
const everything = () => ok('/v1/disruptions.json?active_only=false&include_good_service=true&limit=100');
let firstStopCode = '';
async function firstStop(): Promise<any> {
  const m = (await everything()).member.find((d: any) => d.affected_stops.length > 0);
  firstStopCode = m.affected_stops[0].atcocode;
  return m.affected_stops[0];
}
const firstWith = async (key: string) => (await everything()).member.find((d: any) => d[key].length > 0 && (key !== 'operators' || d.operators[0].code));

/** A filter keeps a non-empty strict subset of every disruption, each one matching. */
async function filters(name: string, value: string, matches: (m: any) => boolean): Promise<void> {
  const [all, some] = [await everything(), await ok(`/v1/disruptions.json?active_only=false&include_good_service=true&limit=100&${name}=${encodeURIComponent(value)}`)];
  expect(some.results_count, `${name}=${value}`).toBeGreaterThan(0);
  expect(some.results_count).toBeLessThan(all.results_count);
  expect(some.member.every(matches)).toBe(true);
}

/** Near Sheffield finds the demo's located disruptions; the point moved far away (or a tiny radius) finds fewer. */
async function placed(name: 'lat' | 'lon' | 'radius'): Promise<void> {
  const q = (lat: number, lon: number, radius: number) => `/v1/disruptions.json?active_only=false&lat=${lat}&lon=${lon}&radius=${radius}`;
  const here = await ok(q(53.5, -1.45, 50000));
  expect(here.results_count).toBeGreaterThan(0);
  const moved = name === 'lat' ? q(51.5, -1.45, 50000) : name === 'lon' ? q(53.5, 0.5, 50000) : q(53.5, -1.45, 1);
  expect((await ok(moved)).results_count).toBeLessThan(here.results_count);
}

/** A box around the region holds the located disruptions; moving one side past them leaves them out. */
async function boxed(side: string): Promise<void> {
  const box: Record<string, number> = { min_lat: 53.0, min_lon: -2.2, max_lat: 54.0, max_lon: -0.9 };
  const q = (b: Record<string, number>) => `/v1/disruptions.json?active_only=false&${Object.entries(b).map(([k, v]) => `${k}=${v}`).join('&')}`;
  const all = await ok(q(box));
  expect(all.results_count).toBeGreaterThan(0);
  const away: Record<string, number> = { min_lat: 53.95, min_lon: -0.95, max_lat: 53.05, max_lon: -2.15 };
  expect((await ok(q({ ...box, [side]: away[side] }))).results_count, side).toBeLessThan(all.results_count);
}

/** A path through the located disruptions finds them; a narrower corridor (or a path elsewhere) finds fewer. */
async function pathed(name: 'path' | 'path_radius'): Promise<void> {
  const located = (await everything()).member.filter((d: any) => d.affected_stops.some((s: any) => s.latitude !== null));
  const s = located[0].affected_stops.find((x: any) => x.latitude !== null);
  const { encodePolyline } = await import('@transit/engine');
  const through = encodePolyline([s.latitude - 0.01, s.longitude, s.latitude + 0.01, s.longitude]);
  const elsewhere = encodePolyline([51.5, -0.1, 51.51, -0.1]);
  const q = (path: string, r: number) => `/v1/disruptions.json?active_only=false&path=${encodeURIComponent(path)}&path_radius=${r}`;
  const found = await ok(q(through, 300));
  expect(found.results_count).toBeGreaterThan(0);
  const other = name === 'path' ? q(elsewhere, 300) : q(encodePolyline([s.latitude + 0.02, s.longitude + 0.02, s.latitude + 0.03, s.longitude + 0.02]), 1);
  expect((await ok(other)).results_count).toBeLessThan(found.results_count);
}

/** Parameters documented by the OpenAPI document, as `operationId parameter` with their schema. */
async function documentedParameters(): Promise<{ key: string; operationId: string; name: string; in: string; schema: ParamSchema }[]> {
  const doc = (await api.get('/openapi.json')).body;
  const out: { key: string; operationId: string; name: string; in: string; schema: ParamSchema }[] = [];
  for (const ops of Object.values<any>(doc.paths)) for (const op of Object.values<any>(ops)) for (const p of op.parameters ?? []) out.push({ key: `${op.operationId} ${p.name}`, operationId: op.operationId, name: p.name, in: p.in, schema: p.schema });
  return out;
}


describe('parameter audit: every documented parameter has a case', () => {
  it('the OpenAPI document and the table of cases list the same parameters', async () => {
    const documented = await documentedParameters();
    const missing = documented.filter((p) => !OPERATIONS[p.operationId]?.cases[p.name]).map((p) => `${p.key}: documented in /openapi.json but has no case in test/server/parameter-audit.test.ts`);
    expect(missing).toEqual([]);
    const stale = Object.entries(OPERATIONS).flatMap(([op, o]) => Object.keys(o.cases).map((name) => `${op} ${name}`)).filter((k) => !documented.some((p) => p.key === k));
    expect(stale, 'cases for parameters the document no longer has').toEqual([]);
    expect(documented.length).toBeGreaterThan(100);
  });
});

describe('parameter audit: each parameter changes the answer where it should', () => {
  for (const [operationId, op] of Object.entries(OPERATIONS)) {
    for (const [name, c] of Object.entries(op.cases)) it(`${operationId} ${name}`, () => c.effect());
  }
});

describe('parameter audit: invalid values get a 400 naming the parameter (path parameters: 404 naming the value)', () => {
  it('every documented parameter', async () => {
    const failures: string[] = [];
    for (const p of await documentedParameters()) {
      const c = OPERATIONS[p.operationId]?.cases[p.name];
      if (!c) continue; // reported by the table check above
      const base = c.base ?? OPERATIONS[p.operationId].base();
      if (p.in === 'path') {
        const [path, query = ''] = base.split('?');
        const bad = 'NO-SUCH-ID-0';
        const url = path.replace(/\/[^/]+\.json$/, `/${bad}.json`) + (query ? `?${query}` : '');
        const res: TestResponse = await api.get(url);
        if (res.status !== 404 || res.body?.error?.code !== 'not_found' || !res.body.error.message.includes(bad)) failures.push(`${p.key}: ${url} -> ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      for (const value of [...invalidValues(p.schema), ...(c.invalid ?? [])]) {
        const url = withParam(base, p.name, value);
        const res = await api.get(url);
        const error = res.body?.error;
        if (res.status !== 400 || error?.code !== 'invalid_parameter' || !error.message.includes(p.name)) failures.push(`${p.key}=${JSON.stringify(value)}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
