// FEATURE UNDER TEST: the API contract, checked by tools independent of the server: the served
// /openapi.json is a valid OpenAPI 3.0 document (@apidevtools/swagger-parser), and answers of every
// status the API sends (200, 204, 304, 400, 401, 403, 404, 405, 414, 422, 429) conform to the
// document's response schema for their operation and status (ajv, strict; test/support/openapi-contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ApiKeys, MemoryRateLimiter, startServer, TierTable, toKeyRecords, type RunningServer } from '@transit/server';
import { demoSnapshotEngine, startTestServer, DISABLED_KEY, type TestServer } from '../support/server.js';
import { ApiContract, checkedFetch, contractAt, ContractError } from '../support/openapi-contract.js';

let api: TestServer;
let contract: ApiContract;
beforeAll(async () => {
  api = await startTestServer();
  contract = await contractAt(api.url);
});
afterAll(() => api?.close());

const STOPS = '/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=800';

describe('the served document', () => {
  it('is a valid OpenAPI 3.0 document to an independent validator', async () => {
    const doc = await (await fetch(api.url + '/openapi.json')).json();
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toMatchObject({ openapi: '3.0.3' });
  });

  it('compiles a strict JSON Schema validator for every response of every operation', () => {
    let count = 0;
    for (const op of contract.operations) {
      for (const status of Object.keys(op.responses)) {
        contract.validator(op, Number(status));
        count++;
      }
    }
    expect(count).toBeGreaterThan(contract.operations.length * 4);
  });

  it('names the error codes each error status is sent with', () => {
    const codes = (status: number) => {
      const op = contract.operations.find((o) => o.path === '/v1/journey.json')!;
      const schema = contract.resolve(contract.responseOf(op, status).content['application/json'].schema);
      return schema.properties.error.properties.code.enum;
    };
    expect(codes(400)).toEqual(['invalid_parameter', 'missing_parameter']);
    expect(codes(401)).toEqual(['missing_api_key', 'invalid_api_key']);
    expect(codes(405)).toEqual(['method_not_allowed']);
    expect(codes(414)).toEqual(['uri_too_long']);
    expect(codes(422)).toEqual(['outside_coverage']);
    expect(codes(429)).toEqual(['rate_limited']);
  });

  it('documents a nullable object reference as allOf beside nullable and type (3.0 ignores siblings of a $ref)', () => {
    const shape = contract.doc.components.schemas.BusRouteDirection.properties.shape;
    expect(shape).toMatchObject({ type: 'object', nullable: true, allOf: [{ $ref: '#/components/schemas/RouteShape' }] });
  });
});

describe('the checker itself', () => {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' });
  const good = { error: { code: 'invalid_parameter', message: 'x' }, request_time: '2026-11-23T12:00:00+00:00' };

  it('accepts a conforming answer and refuses a wrong code, a missing field, an undocumented status', () => {
    const at = (status: number, body: unknown, h = headers) => () => contract.assert({ method: 'GET', url: STOPS, status, headers: h, body: JSON.stringify(body) });
    expect(at(400, good)).not.toThrow();
    expect(at(400, { ...good, error: { code: 'not_found', message: 'x' } })).toThrow(ContractError);
    expect(at(400, { error: good.error })).toThrow(/request_time/);
    expect(at(422, good)).toThrow(/status 422 is not documented/);
    expect(at(400, good, new Headers({ 'content-type': 'application/json' }))).toThrow(/X-Request-Id/);
    expect(() => contract.assert({ method: 'GET', url: '/nowhere', status: 200, headers, body: '{}' })).toThrow(ContractError);
  });
});

describe('answers of every status conform to the document', () => {
  // api.get checks every answer against the document; these assert the status on top.
  it('200 on every operation', async () => {
    for (const path of ['/health', '/openapi.json', STOPS, '/v1/places.json?query=sheffield', '/v1/rail/stations.json?lat=53.38&lon=-1.47', '/v1/bus/routes.json?q=5', '/v1/rail/routes.json?q=n', '/v1/disruptions.json']) {
      expect((await api.get(path)).status, path).toBe(200);
    }
  });

  it('304 for a matching If-None-Match, 204 for a preflight', async () => {
    const first = await api.get(STOPS);
    const again = await api.get(STOPS, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await api.get(STOPS, { method: 'OPTIONS', key: null })).status).toBe(204);
  });

  it('400, 401, 404, 405, 414 and 422', async () => {
    expect((await api.get('/v1/bus/stops.json?lat=north')).body.error.code).toBe('invalid_parameter');
    expect((await api.get('/v1/bus/stops.json')).body.error.code).toBe('missing_parameter');
    expect((await api.get(STOPS, { key: null })).body.error.code).toBe('missing_api_key');
    expect((await api.get(STOPS, { key: DISABLED_KEY })).body.error.code).toBe('invalid_api_key');
    expect((await api.get('/v1/bus/stop_timetables/NOPE.json')).status).toBe(404);
    expect((await api.get('/v1/nothing-here.json')).status).toBe(404);
    expect((await api.get(STOPS, { method: 'DELETE' })).status).toBe(405);
    expect((await api.get(`/v1/places.json?query=${'a'.repeat(9000)}`)).status).toBe(414);
    const far = await api.get('/v1/journey.json?from_lat=57.1&from_lon=-2.1&to_lat=53.38&to_lon=-1.47');
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe('outside_coverage');
  });

  it('403 and 429 on a server with limited keys', async () => {
    const keys = new ApiKeys(toKeyRecords([{ key: 'tiny-key', tier: 'tiny', name: 'tiny' }, { key: 'bus-only', tier: 'free', name: 'bus only', allow: ['/v1/bus/*'] }]));
    const server: RunningServer = await startServer({ engine: await demoSnapshotEngine(), keys, port: 0, tiers: TierTable.fromEnv('tiny:1'), limiter: new MemoryRateLimiter() });
    try {
      const get = (path: string, key: string) => checkedFetch(server.url + path, { headers: { 'X-Api-Key': key } });
      expect((await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'bus-only')).status).toBe(403);
      expect((await get(STOPS, 'tiny-key')).status).toBe(200);
      const refused = await get(STOPS, 'tiny-key');
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('rate_limited');
    } finally {
      await server.close();
    }
  });
});

describe('parameters are read before resources are looked up', () => {
  it('a bad date is a 400 naming date, on a service or route that does not exist too', async () => {
    for (const path of ['/v1/bus/services/NOPE.json', '/v1/rail/services/NOPE.json', '/v1/bus/routes/NOPE-1.json', '/v1/rail/routes/ZZ.json']) {
      const res = await api.get(`${path}?date=2026-02-30`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toMatch(/'date'/);
      expect((await api.get(path)).status, path).toBe(404);
    }
  });

  it('a bad datetime is reported before offsets that contradict each other', async () => {
    const res = await api.get('/v1/bus/stop_timetables/NOPE.json?datetime=yesterday&from_offset=10&to_offset=5');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/'datetime'/);
  });
});

describe('found by the OpenAPI fuzzer', () => {
  const JOURNEY = '/v1/journey.json?from_lat=53.3811&from_lon=-1.4701&to_lat=53.5526&to_lon=-1.4797';

  it('a datetime late in year 9999 is a 400, not an answer with five-digit years off the timestamp format', async () => {
    // Before: 200 with end_time 10000-01-01T..., which the Timestamp schema refuses.
    for (const path of [`${JOURNEY}&datetime=9999-12-31T23:59`, '/v1/bus/stop_timetables/NOPE.json?datetime=9999-12-31T23:59', '/v1/rail/station_timetables/SHF.json?datetime=9999-12-31T23:59&to_offset=2880']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toMatch(/'datetime' must be an ISO 8601 date-time from 1970 to 2099/);
    }
    for (const path of ['/v1/bus/services/NOPE.json?date=9999-12-31', '/v1/rail/routes/NT.json?date=99991231']) {
      expect((await api.get(path)).body.error.message, path).toMatch(/'date' must be a date YYYY-MM-DD from 1970 to 2099/);
    }
    // The last accepted minute still answers within the format (api.get checks the schema).
    expect((await api.get(`${JOURNEY}&datetime=2099-12-31T23:59`)).status).toBe(200);
  });
});
