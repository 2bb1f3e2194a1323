// FEATURE UNDER TEST: every endpoint rejects bad queries with 400, a code and a message naming the parameter; never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const P = 'lat=53.38&lon=-1.47';
const BOX = 'min_lat=53.3&min_lon=-1.6&max_lat=53.5&max_lon=-1.4';

/** [path, query, code, text the message must contain] */
const CASES: [string, string, string, string][] = [
  // places
  ['/v1/places.json', '', 'missing_parameter', 'query'],
  ['/v1/places.json', 'limit=5', 'missing_parameter', 'query'],
  ['/v1/places.json', 'query=', 'invalid_parameter', "'query'"],
  ['/v1/places.json', `query=${'a'.repeat(201)}`, 'invalid_parameter', '200'],
  ['/v1/places.json', 'query=x&query=y', 'invalid_parameter', "'query'"],
  ['/v1/places.json', 'query=leeds&type=boat', 'invalid_parameter', "'type'"],
  ['/v1/places.json', 'query=leeds&type=bus_stop,boat', 'invalid_parameter', 'settlement'],
  ['/v1/places.json', 'query=leeds&limit=0', 'invalid_parameter', "'limit'"],
  ['/v1/places.json', 'query=leeds&limit=101', 'invalid_parameter', '1 to 100'],
  ['/v1/places.json', 'query=leeds&page=0', 'invalid_parameter', "'page'"],
  ['/v1/places.json', 'query=leeds&page=10001', 'invalid_parameter', "'page'"],
  ['/v1/places.json', 'lat=53.38', 'invalid_parameter', "'lon'"],
  ['/v1/places.json', 'lon=-1.47', 'invalid_parameter', "'lat'"],
  ['/v1/places.json', 'lat=91&lon=0', 'invalid_parameter', '-90 to 90'],
  ['/v1/places.json', 'min_lat=53&max_lat=54', 'invalid_parameter', 'min_lon'],
  ['/v1/places.json', 'min_lat=53.5&min_lon=-1.6&max_lat=53.3&max_lon=-1.4', 'invalid_parameter', "'min_lat'"],
  // bus stops
  ['/v1/bus/stops.json', '', 'missing_parameter', 'lat'],
  ['/v1/bus/stops.json', 'radius=400', 'missing_parameter', 'lat'],
  ['/v1/bus/stops.json', `${P}&radius=abc`, 'invalid_parameter', "'radius'"],
  ['/v1/bus/stops.json', `${P}&radius=1.5`, 'invalid_parameter', 'integer'],
  ['/v1/bus/stops.json', `${P}&radius=0`, 'invalid_parameter', '1 to 5000'],
  ['/v1/bus/stops.json', `${P}&radius=5001`, 'invalid_parameter', '1 to 5000'],
  ['/v1/bus/stops.json', `${P}&radius=`, 'invalid_parameter', "'radius'"],
  ['/v1/bus/stops.json', 'lat=91&lon=0', 'invalid_parameter', "'lat'"],
  ['/v1/bus/stops.json', 'lat=abc&lon=0', 'invalid_parameter', "'lat'"],
  ['/v1/bus/stops.json', 'lat=53&lon=181', 'invalid_parameter', "'lon'"],
  ['/v1/bus/stops.json', 'lat=53.38', 'invalid_parameter', "'lon'"],
  ['/v1/bus/stops.json', 'lat=53.38&lat=53.39&lon=-1.47', 'invalid_parameter', "'lat'"],
  ['/v1/bus/stops.json', `${P}&limit=0`, 'invalid_parameter', "'limit'"],
  ['/v1/bus/stops.json', `${P}&limit=101`, 'invalid_parameter', "'limit'"],
  ['/v1/bus/stops.json', `${P}&limit=ten`, 'invalid_parameter', "'limit'"],
  ['/v1/bus/stops.json', `${P}&page=0`, 'invalid_parameter', "'page'"],
  ['/v1/bus/stops.json', `${P}&page=-1`, 'invalid_parameter', "'page'"],
  ['/v1/bus/stops.json', `${P}&type=boat`, 'invalid_parameter', 'bus_stop, train_station, tram_stop'],
  ['/v1/bus/stops.json', `${P}&type=settlement`, 'invalid_parameter', "'type'"],
  ['/v1/bus/stops.json', `${P}&type=`, 'invalid_parameter', "'type'"],
  ['/v1/bus/stops.json', 'min_lat=53.3&min_lon=-1.6&max_lat=53.5', 'invalid_parameter', 'max_lon'],
  ['/v1/bus/stops.json', 'min_lat=53.5&min_lon=-1.6&max_lat=53.3&max_lon=-1.4', 'invalid_parameter', "'min_lat'"],
  ['/v1/bus/stops.json', 'min_lat=53.3&min_lon=-1.4&max_lat=53.5&max_lon=-1.6', 'invalid_parameter', "'min_lon'"],
  ['/v1/bus/stops.json', 'min_lat=52.3&min_lon=-1.6&max_lat=53.5&max_lon=-1.4', 'invalid_parameter', '1 degree'],
  ['/v1/bus/stops.json', 'min_lat=53.3&min_lon=-2.6&max_lat=53.5&max_lon=-1.4', 'invalid_parameter', '1 degree'],
  ['/v1/bus/stops.json', `${P}&${BOX}`, 'invalid_parameter', 'not both'],
  ['/v1/bus/stops.json', `${BOX}&radius=300`, 'invalid_parameter', "'radius'"],
  // rail stations
  ['/v1/rail/stations.json', '', 'missing_parameter', 'lat'],
  ['/v1/rail/stations.json', `${P}&radius=50001`, 'invalid_parameter', '1 to 50000'],
  ['/v1/rail/stations.json', `${P}&radius=2.5`, 'invalid_parameter', "'radius'"],
  ['/v1/rail/stations.json', 'lon=-1.47', 'invalid_parameter', "'lat'"],
  ['/v1/rail/stations.json', `${P}&limit=101`, 'invalid_parameter', "'limit'"],
  ['/v1/rail/stations.json', `${P}&${BOX}`, 'invalid_parameter', 'not both'],
  ['/v1/rail/stations.json', 'min_lat=53&min_lon=-2', 'invalid_parameter', 'max_lat'],
];

describe('bad queries', () => {
  it.each(CASES)('%s?%s → 400 %s', async (path, query, code, text) => {
    const res = await api.get(`${path}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toContain(text);
  });
});

describe('hostile input never causes a 500', () => {
  const junk = ['%', '%zz', 'lat=%E0%A4%A&lon=1', 'query=%00%01%02', `query=${encodeURIComponent('💥'.repeat(50))}`, 'lat=1e400&lon=1', 'lat=-0&lon=-0', '&&&==&', 'type=bus_stop&type=bus_stop', 'query=%F0%9F', `page=${'9'.repeat(400)}`, 'query[]=x', '__proto__=1&constructor=2&query=a'];
  it.each(['/v1/places.json', '/v1/bus/stops.json', '/v1/rail/stations.json', '/health'])('%s', async (path) => {
    for (const q of junk) {
      const res = await api.get(`${path}?${q}`);
      expect([200, 400], `${path}?${q}`).toContain(res.status);
      if (res.status === 400) expect(['invalid_parameter', 'missing_parameter']).toContain(res.body.error.code);
    }
  });

  it('still answers after all that', async () => {
    expect((await api.get('/health')).status).toBe(200);
  });
});
