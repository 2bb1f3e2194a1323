// FEATURE UNDER TEST: the route endpoints (/v1/bus/routes, /v1/rail/routes and their details) on the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { formatDay, ukDayOf } from '@transit/engine';
import { buildOpenApi } from '@transit/server';
import { BusRouteDetail, BusRouteSummary, RailRouteDetail, RailRouteSummary } from '../../packages/server/src/api/routes/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DATE = '2026-03-03'; // a Tuesday inside the demo calendar
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const error = (res: { status: number; body: any }) => `${res.status} ${res.body?.error?.code}`;

describe('GET /v1/bus/routes.json', () => {
  it('finds lines by number, exact first, with every documented field', async () => {
    const res = await api.get('/v1/bus/routes.json?q=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 20, request_time: expect.any(String) });
    expect(res.body.member[0]).toEqual({
      id: 'DVBS-1',
      line: '1',
      line_name: 'Sheffield - High Green via Firth Park, Ecclesfield, Chapeltown',
      operator: 'Don Valley Buses',
      operator_code: 'DVBS',
      mode: 'bus',
      journey_count: expect.any(Number),
      directions: [
        { direction: 0, origin: 'Sheffield Interchange', destination: 'Wortley Road' },
        { direction: 1, origin: 'Wortley Road', destination: 'Sheffield Interchange' },
      ],
    });
    expect(res.body.member.map((m: { id: string }) => m.id).slice(0, 2)).toEqual(['DVBS-1', 'DVBS-1a']);
    expect(res.body.results_count).toBe(res.body.member.length);
    for (const m of res.body.member) expect(Value.Check(BusRouteSummary, m), m.id).toBe(true);
  });

  it('filters by operator and by stop; trams are bus routes', async () => {
    const byOperator = await api.get('/v1/bus/routes.json?operator=don%20valley&limit=100');
    expect(byOperator.body.member.every((m: { operator_code: string }) => m.operator_code === 'DVBS')).toBe(true);
    expect(byOperator.body.results_count).toBe(12);
    const tram = await api.get('/v1/bus/routes.json?q=yellow');
    expect(tram.body.member[0]).toMatchObject({ id: 'HLTW-Yellow', mode: 'tram' });
    const stop = api.engine.route(api.engine.findRoute('bus', 'DVBS-52'), { day: 0, offset: 0, limit: 0 }).representativeStops[3].atcocode;
    const atStop = await api.get(`/v1/bus/routes.json?atcocode=${stop}`);
    expect(atStop.status).toBe(200);
    expect(atStop.body.member.map((m: { id: string }) => m.id)).toContain('DVBS-52');
  });

  it('answers 400 without a criterion or with a bad limit, 404 for an unknown stop', async () => {
    expect(error(await api.get('/v1/bus/routes.json'))).toBe('400 missing_parameter');
    expect(error(await api.get('/v1/bus/routes.json?limit=5'))).toBe('400 missing_parameter');
    expect(error(await api.get('/v1/bus/routes.json?q=1&limit=0'))).toBe('400 invalid_parameter');
    expect(error(await api.get('/v1/bus/routes.json?q=1&limit=101'))).toBe('400 invalid_parameter');
    expect(error(await api.get('/v1/bus/routes.json?atcocode=NOPE'))).toBe('404 not_found');
    expect(error(await api.get('/v1/bus/routes.json?q=1', { key: null }))).toBe('401 missing_api_key');
  });
});

describe('GET /v1/bus/routes/{route_id}.json', () => {
  it('returns directions with shapes, the longest journey and the day’s journeys in order, 50 a page', async () => {
    const res = await api.get(`/v1/bus/routes/DVBS-52.json?date=${DATE}`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(Value.Check(BusRouteDetail, b)).toBe(true);
    expect(b).toMatchObject({ id: 'DVBS-52', line: '52', operator_code: 'DVBS', date: DATE, direction: null, page: 1, limit: 50 });
    expect(b.directions.map((d: any) => d.direction)).toEqual([0, 1]);
    for (const d of b.directions) expect(d.shape).toMatchObject({ polyline: expect.any(String), point_count: expect.any(Number), length_m: expect.any(Number) });
    expect(b.representative_stops.length).toBe(Math.max(...b.directions.map((d: any) => d.stop_count)));
    expect(Object.keys(b.representative_stops[0]).sort()).toEqual(['atcocode', 'crs_code', 'latitude', 'longitude', 'name']);
    expect(b.timetable).toHaveLength(50);
    expect(b.results_count).toBeGreaterThan(50);
    const times = b.timetable.map((j: any) => j.departure_time);
    expect(times).toEqual([...times].sort());
    expect(Object.keys(b.timetable[0]).sort()).toEqual(['arrival_time', 'departure_time', 'destination', 'direction', 'origin', 'stop_count', 'trip_id']);
    expect(b.timetable[0].departure_time.startsWith(DATE)).toBe(true);
  });

  it('filters by direction, pages, and takes the id in any case', async () => {
    const all = (await api.get(`/v1/bus/routes/dvbs-52.json?date=${DATE}&limit=200`)).body;
    const out = (await api.get(`/v1/bus/routes/DVBS-52.json?date=${DATE}&direction=0&limit=200`)).body;
    const back = (await api.get(`/v1/bus/routes/DVBS-52.json?date=${DATE}&direction=1&limit=200`)).body;
    expect(out.direction).toBe(0);
    expect(out.timetable.every((j: any) => j.direction === 0)).toBe(true);
    expect(out.results_count + back.results_count).toBe(all.results_count);
    expect(out.representative_stops[0].name).toBe(out.directions[0].origin);
    expect(back.representative_stops[0].name).toBe(back.directions[1].origin);
    const page2 = (await api.get(`/v1/bus/routes/DVBS-52.json?date=${DATE}&limit=10&page=2`)).body;
    expect(page2.timetable.map((j: any) => j.trip_id)).toEqual(all.timetable.slice(10, 20).map((j: any) => j.trip_id));
    expect(page2).toMatchObject({ page: 2, limit: 10, results_count: all.results_count });
  });

  it('defaults to today in UK local time; a date outside the calendar has no journeys', async () => {
    // The UK date before and after the request: the answer is one of them even across midnight.
    const before = formatDay(ukDayOf(Date.now()));
    const today = await api.get('/v1/bus/routes/DVBS-52.json');
    const after = formatDay(ukDayOf(Date.now()));
    expect(today.status).toBe(200);
    expect([before, after]).toContain(today.body.date);
    const none = (await api.get('/v1/bus/routes/DVBS-52.json?date=2040-01-01')).body;
    expect(none).toMatchObject({ results_count: 0, timetable: [] });
    expect(none.representative_stops.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown route (and a rail id) and 400 for bad parameters', async () => {
    expect(error(await api.get('/v1/bus/routes/NOPE-1.json'))).toBe('404 not_found');
    expect(error(await api.get('/v1/bus/routes/NT.json'))).toBe('404 not_found');
    expect(error(await api.get('/v1/bus/routes/DVBS-52.json?date=2026-02-30'))).toBe('400 invalid_parameter');
    expect(error(await api.get('/v1/bus/routes/DVBS-52.json?date=tomorrow'))).toBe('400 invalid_parameter');
    expect(error(await api.get('/v1/bus/routes/DVBS-52.json?direction=2'))).toBe('400 invalid_parameter');
    expect(error(await api.get('/v1/bus/routes/DVBS-52.json?limit=201'))).toBe('400 invalid_parameter');
  });
});

describe('GET /v1/rail/routes.json', () => {
  it('finds operators by code, name and station', async () => {
    const byCode = await api.get('/v1/rail/routes.json?q=nt');
    expect(byCode.status).toBe(200);
    expect(byCode.body.member[0]).toEqual({ id: 'NT', line: 'NT', line_name: 'Northern', operator: 'Northern', operator_code: 'NT', mode: 'rail', journey_count: expect.any(Number) });
    expect(Value.Check(RailRouteSummary, byCode.body.member[0])).toBe(true);
    expect((await api.get('/v1/rail/routes.json?q=transpennine')).body.member.map((m: any) => m.id)).toEqual(['TP']);
    expect((await api.get('/v1/rail/routes.json?crs_code=shf')).body.member.map((m: any) => m.id)).toEqual(['NT', 'TP', 'XC']);
    expect((await api.get('/v1/rail/routes.json?crs_code=RMC')).body.member.map((m: any) => m.id)).toEqual(['NT']);
    expect((await api.get('/v1/rail/routes.json?operator=express')).body.member.map((m: any) => m.id)).toEqual(['TP']);
  });

  it('answers 400 without a criterion and 404 for an unknown station', async () => {
    expect(error(await api.get('/v1/rail/routes.json'))).toBe('400 missing_parameter');
    expect(error(await api.get('/v1/rail/routes.json?crs_code=ZZZ'))).toBe('404 not_found');
    expect(error(await api.get('/v1/rail/routes.json?crs_code=SHEF'))).toBe('400 invalid_parameter');
  });
});

describe('GET /v1/rail/routes/{route_id}.json', () => {
  it('lists every train of the operator that day in departure order, paged, with station names and CRS codes', async () => {
    const res = await api.get(`/v1/rail/routes/nt.json?date=${DATE}&limit=5`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(Value.Check(RailRouteDetail, b)).toBe(true);
    expect(b).toMatchObject({ id: 'NT', operator: 'Northern', directions: [], date: DATE, page: 1, limit: 5 });
    expect(b.timetable[0]).toEqual({
      trip_id: expect.any(String),
      origin: expect.any(String),
      origin_crs_code: expect.stringMatching(/^[A-Z]{3}$/),
      destination: expect.any(String),
      destination_crs_code: expect.stringMatching(/^[A-Z]{3}$/),
      departure_time: expect.stringMatching(new RegExp(`^${DATE}T`)),
      arrival_time: expect.any(String),
      stop_count: expect.any(Number),
    });
    // Northern's longest pattern: Sheffield - Leeds via Rotherham and Moorthorpe.
    expect(b.representative_stops.map((s: any) => s.crs_code)).toEqual(['SHF', 'MHS', 'RMC', 'SWN', 'BTD', 'GOE', 'THC', 'MRP', 'FZW', 'SNA', 'WKF', 'OUT', 'LDS']);
    // Northern runs more trains a day than one page of 200 holds: read every page.
    const all = { timetable: [] as any[] };
    for (let page = 1; page <= Math.ceil(b.results_count / 200); page++) {
      const body = (await api.get(`/v1/rail/routes/NT.json?date=${DATE}&limit=200&page=${page}`)).body;
      expect(body.results_count).toBe(b.results_count);
      all.timetable.push(...body.timetable);
    }
    expect(all.timetable).toHaveLength(b.results_count);
    const last = (await api.get(`/v1/rail/routes/NT.json?date=${DATE}&limit=5&page=${Math.ceil(b.results_count / 5)}`)).body;
    expect(last.timetable.at(-1)).toEqual(all.timetable.at(-1));
    const times = all.timetable.map((j: any) => j.departure_time);
    expect(times).toEqual([...times].sort());
  });

  it('answers 404 for an unknown operator or a bus id, 400 for a bad date', async () => {
    expect(error(await api.get('/v1/rail/routes/ZZ.json'))).toBe('404 not_found');
    expect(error(await api.get('/v1/rail/routes/DVBS-1.json'))).toBe('404 not_found');
    expect(error(await api.get('/v1/rail/routes/NT.json?date=2026-13-01'))).toBe('400 invalid_parameter');
  });
});

describe('OpenAPI', () => {
  const doc: any = buildOpenApi();
  it('documents the four route paths with their path parameter and responses', () => {
    for (const path of ['/v1/bus/routes.json', '/v1/bus/routes/{route_id}.json', '/v1/rail/routes.json', '/v1/rail/routes/{route_id}.json']) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(Object.keys(op.responses).sort(), path).toEqual(['200', '304', '400', '401', '403', '404', '405', '414', '429', '500']);
      if (path.includes('{')) expect(op.parameters[0]).toMatchObject({ name: 'route_id', in: 'path', required: true, schema: { type: 'string' } });
    }
    const schemas = doc.components.schemas;
    for (const name of ['BusRoute', 'BusRouteList', 'BusRouteDetail', 'BusRouteDirection', 'RouteShape', 'RouteStop', 'BusRouteJourney', 'RailRoute', 'RailRouteList', 'RailRouteDetail', 'RailRouteJourney']) expect(schemas[name], name).toBeDefined();
    expect(schemas.BusRouteDirection.properties.shape).toMatchObject({ nullable: true });
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: any) => p.name === name).schema;
    expect(param('/v1/bus/routes/{route_id}.json', 'limit')).toMatchObject({ default: 50, minimum: 1, maximum: 200 });
    expect(param('/v1/bus/routes.json', 'limit')).toMatchObject({ default: 20, minimum: 1, maximum: 100 });
    expect(param('/v1/bus/routes/{route_id}.json', 'direction')).toMatchObject({ minimum: 0, maximum: 1 });
  });
});
