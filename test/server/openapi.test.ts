// FEATURE UNDER TEST: /openapi.json: a 3.0.3 document generated from the same definitions that parse requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi, ENDPOINTS, paramSpecs } from '@transit/server';
import { startTestServer, type TestServer } from '../support/server.js';

type Json = any;

const doc: Json = buildOpenApi();

function walk(node: unknown, visit: (obj: Record<string, unknown>, path: string) => void, path = '#'): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, visit, `${path}/${i}`));
  else if (node && typeof node === 'object') {
    visit(node as Record<string, unknown>, path);
    for (const [k, v] of Object.entries(node)) walk(v, visit, `${path}/${k}`);
  }
}

describe('document shape', () => {
  it('is OpenAPI 3.0.3 with the API version', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '0.1.0' });
    expect(doc.info.description).toContain('results_count');
    expect(doc.info.description).toContain('null');
  });

  it('declares the key in the X-Api-Key header or the api_key query parameter', () => {
    expect(doc.components.securitySchemes).toEqual({
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
    });
    expect(doc.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/v1/places.json'].get.security).toBeUndefined();
  });

  it('every $ref resolves', () => {
    walk(doc, (obj, path) => {
      if (typeof obj.$ref !== 'string') return;
      const target = obj.$ref.replace(/^#\//, '').split('/').reduce((n: Json, k: string) => n?.[k], doc);
      expect(target, `${path} -> ${obj.$ref}`).toBeDefined();
    });
  });

  it('uses only OpenAPI 3.0 schema keywords (no const, no type null, no patternProperties)', () => {
    walk(doc, (obj, path) => {
      expect(obj.type, path).not.toBe('null');
      expect(Object.keys(obj), path).not.toContain('const');
      expect(Object.keys(obj), path).not.toContain('patternProperties');
    });
  });

  it('names the response schemas and marks nullable bus stop fields', () => {
    const schemas = doc.components.schemas;
    for (const name of ['Place', 'BusStop', 'RailStation', 'BadRequestError', 'NotFoundError', 'PlaceList', 'BusStopList', 'RailStationList', 'Health']) expect(schemas[name], name).toBeDefined();
    expect(schemas.BusStop.properties.towards).toMatchObject({ type: 'string', nullable: true });
    expect(schemas.BusStop.properties.name).not.toHaveProperty('nullable');
    expect(schemas.BusStop.required).not.toContain('distance');
    expect(schemas.Place.properties.type.enum).toEqual(['bus_stop', 'train_station', 'tram_stop', 'settlement', 'postcode']);
    expect(schemas.PlaceList.properties.member.items).toEqual({ $ref: '#/components/schemas/Place' });
    expect(schemas.PlaceList.properties.results_count.description).toMatch(/all pages/);
  });

  it('documents error responses with the error envelope', () => {
    for (const ep of ENDPOINTS) {
      const responses = doc.paths[ep.path].get.responses;
      expect(responses['200'].content['application/json'].schema).toBeDefined();
      expect(responses['500']).toEqual({ $ref: '#/components/responses/InternalError' });
      if (ep.auth) {
        expect(responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
        expect(responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
      }
    }
    // Each error status has its own envelope, its codes enumerated; a 304 has no body.
    for (const [name, r] of Object.entries(doc.components.responses) as [string, Json][]) {
      if (name === 'NotModified') expect(r.content).toBeUndefined();
      else expect(r.content['application/json'].schema, name).toEqual({ $ref: `#/components/schemas/${name.endsWith('Error') ? name : `${name}Error`}` });
    }
  });
});

describe('parameters come from the parser definitions', () => {
  it.each(ENDPOINTS.map((ep) => [ep.path, ep] as const))('%s', (_path, ep) => {
    const all: Json[] = doc.paths[ep.path].get.parameters;
    const params = all.filter((p) => p.in === 'query');
    // Path parameters ({atcocode}, ...) come first, required, described, in path order.
    const inPath = all.filter((p) => p.in === 'path');
    expect(inPath.map((p) => p.name)).toEqual([...ep.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]));
    for (const p of inPath) expect(p).toMatchObject({ required: true, description: expect.any(String), schema: { type: 'string' } });
    expect(all.slice(0, inPath.length)).toEqual(inPath);
    const specs = paramSpecs(ep.query);
    expect(params.map((p) => p.name)).toEqual(specs.map((s) => s.name));
    // Required parameters (the journey's coordinates) are given; the rest take their defaults.
    const requiredQs = specs.filter((s) => s.required).map((s) => `${s.name}=1&`).join('');
    const defaults = ep.parse(requiredQs).values;
    if (specs.some((s) => s.required)) expect(() => ep.parse('')).toThrow(/is required/);
    for (const spec of specs) {
      const p = params.find((x) => x.name === spec.name);
      const schema = spec.repeatable ? p.schema.items : p.schema;
      expect(p.in).toBe('query');
      expect(p.required).toBe(spec.required === true);
      expect(p.description, spec.name).toBeTruthy();
      if (!spec.required) expect(p.schema.default).toEqual(defaults[spec.name]);
      expect(schema.type).toBe({ integer: 'integer', number: 'number', boolean: 'boolean', string: 'string', enum: 'string' }[spec.kind]);
      expect(schema.minimum).toBe(spec.minimum);
      expect(schema.maximum).toBe(spec.maximum);
      expect(schema.enum).toEqual(spec.values);
      if (spec.repeatable) expect(p).toMatchObject({ style: 'form', explode: true, schema: { type: 'array' } });
      const { minimum, maximum } = spec;
      if (maximum !== undefined && spec.kind === 'integer') {
        expect(() => ep.parse(`${requiredQs}${spec.name}=${maximum}`)).not.toThrow();
        expect(() => ep.parse(`${requiredQs}${spec.name}=${maximum + 1}`)).toThrow(spec.name);
      }
      if (minimum !== undefined && spec.kind === 'integer') expect(() => ep.parse(`${requiredQs}${spec.name}=${minimum - 1}`)).toThrow(spec.name);
    }
  });

  it('matches the spec limits', () => {
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: Json) => p.name === name).schema;
    for (const path of ['/v1/places.json', '/v1/bus/stops.json', '/v1/rail/stations.json']) {
      expect(param(path, 'limit')).toMatchObject({ type: 'integer', default: 20, minimum: 1, maximum: 100 });
      expect(param(path, 'page')).toMatchObject({ type: 'integer', default: 1, minimum: 1 });
    }
    expect(param('/v1/bus/stops.json', 'radius')).toMatchObject({ default: 400, minimum: 1, maximum: 5000 });
    expect(param('/v1/rail/stations.json', 'radius')).toMatchObject({ default: 5000, minimum: 1, maximum: 50000 });
    expect(param('/v1/places.json', 'query')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(param('/v1/places.json', 'type').items.enum).toEqual(['bus_stop', 'train_station', 'tram_stop', 'settlement', 'postcode']);
    expect(param('/v1/bus/stops.json', 'type').items.enum).toEqual(['bus_stop', 'train_station', 'tram_stop']);
  });
});

describe('served document', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer();
  });
  afterAll(() => api?.close());

  it('is the generated document, without a key', async () => {
    const res = await api.get('/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('lists every path the server serves, and only those', async () => {
    const served = Object.keys(doc.paths);
    expect(served.sort()).toEqual([
      '/health',
      '/openapi.json',
      '/v1/bus/routes.json',
      '/v1/bus/routes/{route_id}.json',
      '/v1/bus/services/{trip_id}.json',
      '/v1/bus/stop_timetables/{atcocode}.json',
      '/v1/bus/stops.json',
      '/v1/disruptions.json',
      '/v1/journey.json',
      '/v1/places.json',
      '/v1/rail/routes.json',
      '/v1/rail/routes/{route_id}.json',
      '/v1/rail/services/{trip_id}.json',
      '/v1/rail/station_timetables/{crs_code}.json',
      '/v1/rail/stations.json',
      '/v1/shapes.json',
      '/v1/streets.json',
    ]);
    // Templated paths are served for any value: an unknown resource is a 404 about it, not "No endpoint".
    for (const path of served) expect((await api.get(path.replace(/\{[a-z_]+\}/g, 'x'))).body?.error?.message ?? '', path).not.toMatch(/^No endpoint/);
    for (const path of ['/v1/journeys.json', '/v1/bus/stop_timetables/', '/v1/bus/services/a/b.json']) expect((await api.get(path)).status, path).toBe(404);
  });
});
