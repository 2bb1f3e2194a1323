// FEATURE UNDER TEST: stop and station boards and bus and rail service detail over HTTP on the demo data: exact fields, windows, ids, 400s and 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { formatUkTimestamp, parseDay, ukLocalToEpoch } from '@transit/engine';
import { Arrival, BusService, Departure, RailArrival, RailDeparture, RailService, StationTimetable, StopTimetable } from '../../packages/server/src/api/timetables/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const STOP = '370010003'; // Barnsley Interchange, Stand A1
const DATE = '2026-03-03'; // a Tuesday
const board = (path: string) => api.get(`/v1/bus/stop_timetables/${path}`);
const DEPARTURE_FIELDS = ['line', 'line_name', 'operator', 'operator_code', 'destination', 'direction', 'mode', 'aimed_departure_time', 'expected_departure_time', 'best_departure_estimate', 'status', 'source', 'dated_vehicle_journey_ref', 'trip_id', 'live_vehicle'];
const ARRIVAL_FIELDS = ['line', 'line_name', 'operator', 'operator_code', 'origin', 'destination', 'direction', 'mode', 'aimed_arrival_time', 'expected_arrival_time', 'best_arrival_estimate', 'status', 'source', 'dated_vehicle_journey_ref', 'trip_id', 'live_vehicle'];
const STOP_FIELDS = ['type', 'atcocode', 'naptan_code', 'name', 'short_name', 'indicator', 'street', 'locality', 'town', 'latitude', 'longitude', 'towards', 'bearing', 'towards_next'];

describe('GET /v1/bus/stop_timetables/{atcocode}.json', () => {
  it('answers a departures board with exactly the documented fields', async () => {
    const res = await board(`${STOP}.json?datetime=${DATE}T07:30`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_time', 'atcocode', 'stop', 'live_requested', 'live_error', 'departures']);
    expect(Value.Check(StopTimetable, res.body)).toBe(true);
    expect(res.body).toMatchObject({ atcocode: STOP, live_requested: false, live_error: null });
    expect(Object.keys(res.body.stop)).toEqual(STOP_FIELDS);
    expect(res.body.stop).toMatchObject({ atcocode: STOP, name: 'Barnsley Interchange', indicator: 'Stand A1' });
    const deps = res.body.departures;
    expect(deps.length).toBeGreaterThan(0);
    expect(deps.length).toBeLessThanOrEqual(20);
    const from = ukLocalToEpoch(parseDay(DATE), 7.5 * 3600);
    for (const d of deps) {
      expect(Object.keys(d)).toEqual(DEPARTURE_FIELDS);
      expect(Value.Check(Departure, d), JSON.stringify(d)).toBe(true);
      expect(d).toMatchObject({ expected_departure_time: null, status: 'on_time', source: 'gtfs_scheduled', live_vehicle: null, mode: 'bus', best_departure_estimate: d.aimed_departure_time });
      expect(d.dated_vehicle_journey_ref).toBe(`${DATE}:${d.trip_id}`);
      const t = Date.parse(d.aimed_departure_time);
      expect(t >= from && t < from + 3_600_000, d.aimed_departure_time).toBe(true);
    }
    const times = deps.map((d: { aimed_departure_time: string }) => Date.parse(d.aimed_departure_time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('equals the engine board, call for call', async () => {
    const res = await board(`${STOP}.json?datetime=${DATE}T16:00:00%2B00:00&to_offset=120&limit=50`);
    const from = Date.parse(`${DATE}T16:00:00Z`);
    const calls = api.engine.stopBoard(api.engine.findStop(STOP), { from, to: from + 7_200_000, limit: 50, type: 'departures' });
    expect(res.body.departures.map((d: { trip_id: string; aimed_departure_time: string }) => `${d.trip_id} ${d.aimed_departure_time}`)).toEqual(calls.map((c) => `${c.tripId} ${formatUkTimestamp(c.time)}`));
  });

  it('type=arrivals answers arrivals only; type=both both lists', async () => {
    const arr = await board(`${STOP}.json?datetime=${DATE}T07:30&type=arrivals&to_offset=180`);
    expect(Object.keys(arr.body)).toEqual(['request_time', 'atcocode', 'stop', 'live_requested', 'live_error', 'arrivals']);
    expect(arr.body.arrivals.length).toBeGreaterThan(0);
    for (const a of arr.body.arrivals) {
      expect(Object.keys(a)).toEqual(ARRIVAL_FIELDS);
      expect(Value.Check(Arrival, a), JSON.stringify(a)).toBe(true);
      expect(a.best_arrival_estimate).toBe(a.aimed_arrival_time);
    }
    const both = await board(`${STOP}.json?datetime=${DATE}T07:30&type=both&to_offset=180`);
    expect(Object.keys(both.body)).toEqual(['request_time', 'atcocode', 'stop', 'live_requested', 'live_error', 'departures', 'arrivals']);
    expect(both.body.arrivals).toEqual(arr.body.arrivals);
    expect(Value.Check(StopTimetable, both.body)).toBe(true);
  });

  it('honours limit, from_offset and to_offset', async () => {
    const three = await board(`${STOP}.json?datetime=${DATE}T07:00&limit=3&to_offset=600`);
    expect(three.body.departures).toHaveLength(3);
    const before = await board(`${STOP}.json?datetime=${DATE}T08:00&from_offset=-60&to_offset=0&limit=100`);
    const after = await board(`${STOP}.json?datetime=${DATE}T07:00&limit=100`);
    expect(before.body.departures).toEqual(after.body.departures);
  });

  it('shows last night\'s after-midnight journeys with the previous service date in their ref', async () => {
    const res = await board(`370040114.json?datetime=${DATE}T00:00&type=arrivals&to_offset=180&limit=100`); // Sheffield Interchange: late journeys end here
    const late = res.body.arrivals.filter((a: { dated_vehicle_journey_ref: string }) => a.dated_vehicle_journey_ref.startsWith('2026-03-02:'));
    expect(late.length).toBeGreaterThan(0);
    for (const a of late) expect(a.aimed_arrival_time.startsWith(DATE)).toBe(true);
  });

  it('echoes live and explains that live data is not configured', async () => {
    const res = await board(`${STOP}.json?datetime=${DATE}T07:30&live=true`);
    expect(res.body.live_requested).toBe(true);
    expect(res.body.live_error).toMatch(/not configured/);
    expect(res.body.departures.every((d: { live_vehicle: unknown }) => d.live_vehicle === null)).toBe(true);
  });

  it('defaults datetime to now', async () => {
    const res = await board(`${STOP}.json`);
    expect(res.status).toBe(200);
    const now = Date.now();
    for (const d of res.body.departures) expect(Math.abs(Date.parse(d.aimed_departure_time) - now - 1_800_000)).toBeLessThanOrEqual(1_800_000 + 60_000);
  });

  it('decodes a percent-encoded stop code', async () => {
    const res = await board(`%33%37%30010003.json?datetime=${DATE}T07:30`);
    expect(res.status).toBe(200);
    expect(res.body.atcocode).toBe(STOP);
  });

  it.each([
    ['datetime=tomorrow', 'datetime'],
    ['datetime=2026-02-30T10:00', 'datetime'],
    ['datetime=2026-03-03', 'datetime'],
    ['from_offset=30&to_offset=30', 'to_offset'],
    ['from_offset=-1441', 'from_offset'],
    ['to_offset=2881', 'to_offset'],
    ['to_offset=1.5', 'to_offset'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['type=all', 'type'],
    ['live=yes', 'live'],
  ])('400 invalid_parameter for %s', async (query, name) => {
    const res = await board(`${STOP}.json?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_parameter');
    expect(res.body.error.message).toContain(name);
  });

  it('404 not_found for an unknown stop, and for bad percent-encoding a 400', async () => {
    const res = await board('370099999.json');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: "No stop with ATCO code '370099999'." });
    expect((await board('%E0%A4%A.json')).status).toBe(400);
    expect((await api.get('/v1/bus/stop_timetables/370010003', {})).status).toBe(404);
  });

  it('needs an API key', async () => {
    expect((await api.get(`/v1/bus/stop_timetables/${STOP}.json`, { key: null })).status).toBe(401);
  });
});

describe('GET /v1/rail/station_timetables/{crs_code}.json', () => {
  it('answers rail departures from the station\'s platforms with the documented fields, any case', async () => {
    const res = await api.get(`/v1/rail/station_timetables/shf.json?datetime=${DATE}T08:00`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_time', 'crs_code', 'station', 'departures']);
    expect(Value.Check(StationTimetable, res.body)).toBe(true);
    expect(res.body.crs_code).toBe('SHF');
    expect(Object.keys(res.body.station)).toEqual(['crs_code', 'name', 'latitude', 'longitude']);
    expect(res.body.departures.length).toBeGreaterThan(0);
    for (const d of res.body.departures) {
      expect(Object.keys(d)).toEqual(['line', 'line_name', 'operator', 'destination', 'mode', 'aimed_departure_time', 'expected_departure_time', 'best_departure_estimate', 'status', 'source', 'trip_id', 'platform']);
      expect(Value.Check(RailDeparture, d), JSON.stringify(d)).toBe(true);
      expect(d).toMatchObject({ mode: 'rail', expected_departure_time: null, best_departure_estimate: d.aimed_departure_time, status: 'on_time', source: 'gtfs_scheduled' });
      expect(d.line).toMatch(/^[A-Z]{2}$/);
      expect(d.destination).not.toBe('Sheffield');
    }
  });

  it('type=both adds arrivals, including trains ending at the station', async () => {
    const res = await api.get(`/v1/rail/station_timetables/DON.json?datetime=${DATE}T06:00&type=both&to_offset=600&limit=100`);
    expect(Object.keys(res.body)).toEqual(['request_time', 'crs_code', 'station', 'departures', 'arrivals']);
    expect(res.body.arrivals.length).toBeGreaterThan(0);
    for (const a of res.body.arrivals) expect(Value.Check(RailArrival, a), JSON.stringify(a)).toBe(true);
    expect(res.body.arrivals.some((a: { destination: string }) => a.destination === 'Doncaster')).toBe(true);
    expect(res.body.departures.some((d: { destination: string }) => d.destination === 'Doncaster')).toBe(false);
  });

  it('404 for an unknown station, 400 for a bad window', async () => {
    const res = await api.get('/v1/rail/station_timetables/XYZ.json');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await api.get('/v1/rail/station_timetables/SHF.json?from_offset=10&to_offset=5')).status).toBe(400);
    expect((await api.get('/v1/rail/station_timetables/SHF.json?live=true')).status).toBe(200); // no live parameter: ignored like any unknown one
  });
});

describe('GET /v1/bus/services/{trip_id}.json', () => {
  async function firstDeparture() {
    const res = await board(`${STOP}.json?datetime=${DATE}T07:30`);
    return res.body.departures[0] as { trip_id: string; dated_vehicle_journey_ref: string; aimed_departure_time: string; line: string; destination: string };
  }

  it('lists every stop with UK timestamps on the service date; the board\'s time is among them', async () => {
    const dep = await firstDeparture();
    const res = await api.get(`/v1/bus/services/${encodeURIComponent(dep.trip_id)}.json?date=${DATE}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_time', 'trip_id', 'dated_vehicle_journey_ref', 'date', 'line', 'line_name', 'operator', 'operator_code', 'origin', 'destination', 'direction', 'mode', 'live_vehicle', 'current_stop_sequence', 'live_error', 'stops']);
    expect(Value.Check(BusService, res.body)).toBe(true);
    expect(res.body).toMatchObject({ trip_id: dep.trip_id, date: DATE, line: dep.line, destination: dep.destination, live_vehicle: null, current_stop_sequence: null, live_error: expect.stringMatching(/not configured/) });
    const stops = res.body.stops;
    expect(stops.map((s: { sequence: number }) => s.sequence)).toEqual(stops.map((_: unknown, i: number) => i + 1));
    for (const s of stops) expect(Object.keys(s)).toEqual(['sequence', 'atcocode', 'name', 'latitude', 'longitude', 'aimed_arrival_time', 'aimed_departure_time']);
    expect(stops.find((s: { atcocode: string }) => s.atcocode === STOP).aimed_departure_time).toBe(dep.aimed_departure_time);
  });

  it('accepts the board\'s dated_vehicle_journey_ref, which carries the date', async () => {
    const dep = await firstDeparture();
    const byRef = await api.get(`/v1/bus/services/${encodeURIComponent(dep.dated_vehicle_journey_ref)}.json`);
    const byId = await api.get(`/v1/bus/services/${encodeURIComponent(dep.trip_id)}.json?date=${DATE}`);
    expect(byRef.status).toBe(200);
    expect({ ...byRef.body, request_time: '' }).toEqual({ ...byId.body, request_time: '' });
    expect((await api.get(`/v1/bus/services/${encodeURIComponent(dep.dated_vehicle_journey_ref)}.json?date=${DATE}&live=false`)).status).toBe(200);
    const clash = await api.get(`/v1/bus/services/${encodeURIComponent(dep.dated_vehicle_journey_ref)}.json?date=2026-03-04`);
    expect(clash.status).toBe(400);
    expect(clash.body.error.message).toContain('date');
  });

  it('404 naming the date when the journey does not run then; 404 for an unknown id or a train', async () => {
    const dep = await firstDeparture();
    const sunday = await api.get(`/v1/bus/services/${encodeURIComponent(dep.trip_id)}.json?date=2026-03-08`);
    expect(sunday.status).toBe(404);
    expect(sunday.body.error.message).toMatch(/does not run on 2026-03-08; it next runs on 2026-03-09/);
    const unknown = await api.get('/v1/bus/services/no-such-trip.json');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const train = (await api.get(`/v1/rail/station_timetables/SHF.json?datetime=${DATE}T08:00`)).body.departures[0].trip_id;
    const wrongApi = await api.get(`/v1/bus/services/${train}.json?date=${DATE}`);
    expect(wrongApi.status).toBe(404);
    expect(wrongApi.body.error.message).toContain('/v1/rail/services/');
  });

  it('400 for a malformed date', async () => {
    const dep = await firstDeparture();
    for (const date of ['2026-02-30', 'today', '03/03/2026']) {
      const res = await api.get(`/v1/bus/services/${dep.trip_id}.json?date=${date}`);
      expect(res.status, date).toBe(400);
      expect(res.body.error.message).toContain("'date'");
    }
  });
});

describe('GET /v1/rail/services/{trip_id}.json', () => {
  it('lists every station the train calls at, with CRS codes and UK timestamps', async () => {
    const dep = (await api.get(`/v1/rail/station_timetables/SHF.json?datetime=${DATE}T08:00`)).body.departures[0];
    const res = await api.get(`/v1/rail/services/${encodeURIComponent(dep.trip_id)}.json?date=${DATE}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_time', 'trip_id', 'date', 'line', 'line_name', 'operator', 'origin', 'destination', 'direction', 'mode', 'stops']);
    expect(Value.Check(RailService, res.body)).toBe(true);
    expect(res.body).toMatchObject({ trip_id: dep.trip_id, date: DATE, mode: 'rail', line: dep.line, destination: dep.destination });
    const first = res.body.stops[0];
    expect(Object.keys(first)).toEqual(['sequence', 'crs_code', 'name', 'latitude', 'longitude', 'platform', 'aimed_arrival_time', 'aimed_departure_time']);
    expect(first).toMatchObject({ sequence: 1, crs_code: 'SHF', name: 'Sheffield', aimed_departure_time: dep.aimed_departure_time });
    expect(res.body.stops.at(-1).name).toBe(dep.destination);
  });

  it('404 for a bus journey, an unknown id, or a day the train does not run', async () => {
    const bus = (await board(`${STOP}.json?datetime=${DATE}T07:30`)).body.departures[0].trip_id;
    expect((await api.get(`/v1/rail/services/${bus}.json?date=${DATE}`)).status).toBe(404);
    expect((await api.get('/v1/rail/services/nope.json')).status).toBe(404);
    const dep = (await api.get(`/v1/rail/station_timetables/SHF.json?datetime=${DATE}T08:00`)).body.departures[0];
    const res = await api.get(`/v1/rail/services/${dep.trip_id}.json?date=2030-12-29`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('2030-12-29');
  });
});

describe('OpenAPI', () => {
  it('lists the four timetable paths with their path parameter and 404', async () => {
    const doc = (await api.get('/openapi.json', { key: null })).body;
    for (const [path, name] of [
      ['/v1/bus/stop_timetables/{atcocode}.json', 'atcocode'],
      ['/v1/rail/station_timetables/{crs_code}.json', 'crs_code'],
      ['/v1/bus/services/{trip_id}.json', 'trip_id'],
      ['/v1/rail/services/{trip_id}.json', 'trip_id'],
    ]) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op.parameters[0]).toMatchObject({ name, in: 'path', required: true, schema: { type: 'string' } });
      expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    }
    const board = doc.paths['/v1/bus/stop_timetables/{atcocode}.json'].get.parameters;
    expect(board.map((p: { name: string }) => p.name)).toEqual(['atcocode', 'datetime', 'from_offset', 'to_offset', 'limit', 'type', 'live']);
    expect(board.find((p: { name: string }) => p.name === 'from_offset').schema).toMatchObject({ default: 0, minimum: -1440, maximum: 2880 });
    expect(board.find((p: { name: string }) => p.name === 'type').schema).toMatchObject({ enum: ['departures', 'arrivals', 'both'], default: 'departures' });
    expect(doc.components.schemas.Departure.required).toEqual(DEPARTURE_FIELDS);
  });
});
