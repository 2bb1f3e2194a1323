// FEATURE UNDER TEST: GET /v1/disruptions.json over real HTTP: simulated demo feeds, recorded real feeds, a failing feed, and bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { encodePolyline } from '@transit/engine';
import { noLiveConfig, startLiveServices, startReplayServer, type LiveServices, type ReplayServer } from '@transit/server';
import { demoFeeds } from '@transit/cli';
import { DisruptionList } from '../../packages/server/src/api/disruptions/schemas.js';
import { demoSnapshotEngine, startTestServer, type TestServer } from '../support/server.js';
import { HAVE_DATA, data } from '../support/data.js';

const feedConfig = (url: string) => ({ url, intervalMs: 3_600_000, timeoutMs: 30_000, headers: {} });

describe('no disruption feeds configured', () => {
  let api: TestServer;
  beforeAll(async () => (api = await startTestServer()));
  afterAll(() => api?.close());

  it('answers an empty list and says no feed is configured', async () => {
    const res = await api.get('/v1/disruptions.json');
    expect(res.status).toBe(200);
    expect(Value.Check(DisruptionList, res.body)).toBe(true);
    expect(res.body).toMatchObject({ page: 1, limit: 50, results_count: 0, member: [] });
    expect(res.body.sources.siri_sx).toMatchObject({ configured: false, failed: false, last_retrieved: null });
    expect(res.body.sources.line_status).toMatchObject({ configured: false });
  });

  it.each([
    ['radius above its maximum', 'lat=53.38&lon=-1.47&radius=50001', /radius/],
    ['path_radius above its maximum', 'path=_p~iF~ps|U_ulLnnqC&path_radius=5001', /path_radius/],
    ['limit above its maximum', 'limit=101', /limit/],
    ['lat without lon', 'lat=53.38', /lon/],
    ['point and bounding box', 'lat=53.38&lon=-1.47&min_lat=53&min_lon=-2&max_lat=54&max_lon=-1', /not both/],
    ['part of a bounding box', 'min_lat=53&min_lon=-2', /bounding box/],
    ['radius without a point', 'radius=500', /radius/],
    ['path_radius without a path', 'path_radius=100', /path_radius/],
    ['a malformed polyline', 'path=' + encodeURIComponent('abc def'), /polyline/],
    ['a truncated polyline', 'path=_p~iF~ps', /polyline/],
    ['an unknown mode', 'mode=ferry', /mode/],
    ['an unknown severity', 'severity=bad', /severity/],
    ['a non-boolean', 'active_only=yes', /active_only/],
  ])('%s -> 400', async (_, query, message) => {
    const res = await api.get(`/v1/disruptions.json?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toMatch(/invalid_parameter|missing_parameter/);
    expect(res.body.error.message).toMatch(message);
  });

  it('is documented in the OpenAPI description with the record shape, severity table and stop cap', async () => {
    const doc = (await api.get('/openapi.json')).body;
    const op = doc.paths['/v1/disruptions.json'].get;
    expect(op.description).toMatch(/Part Closure/);
    expect(op.description).toMatch(/at most 20 affected stops/);
    const names = op.parameters.map((p: { name: string }) => p.name);
    for (const n of ['mode', 'severity', 'atcocode', 'operator', 'line', 'lat', 'lon', 'radius', 'min_lat', 'path', 'path_radius', 'planned', 'active_only', 'include_good_service', 'limit', 'page']) expect(names).toContain(n);
    expect(Object.keys(doc.components.schemas.Disruption.properties)).toEqual(expect.arrayContaining(['id', 'source', 'mode', 'severity', 'validity_periods', 'affected_stops', 'affected_stop_count', 'statuses']));
  });
});

describe('the demo\'s simulated feeds', () => {
  let api: TestServer;
  let live: LiveServices;
  beforeAll(async () => {
    live = await startLiveServices({ engine: await demoSnapshotEngine(), config: { ...noLiveConfig(), simulate: true }, log: () => {}, demoFeeds });
    api = await startTestServer({ live: live.state });
  });
  afterAll(async () => {
    await api?.close();
    await live?.stop();
  });

  it('lists the disruptions in force, most disruptive first, labelled simulated', async () => {
    const res = await api.get('/v1/disruptions.json');
    expect(res.status).toBe(200);
    expect(Value.Check(DisruptionList, res.body)).toBe(true);
    const ids = res.body.member.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['siri_sx:DEMO-works', 'siri_sx:DEMO-incident', 'siri_sx:DEMO-tram', 'line_status:circle', 'line_status:central', 'line_status:elizabeth']));
    expect(ids).not.toContain('siri_sx:DEMO-future');
    expect(ids).not.toContain('siri_sx:DEMO-ended');
    expect(ids).not.toContain('line_status:bakerloo');
    const order = ['severe', 'minor', 'information', 'unknown', 'good'];
    const ranks = res.body.member.map((m: { severity: string }) => order.indexOf(m.severity));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(res.body.member.every((m: { simulated: boolean; active: boolean }) => m.simulated && m.active)).toBe(true);
    expect(res.body.sources.siri_sx).toMatchObject({ configured: true, simulated: true, failed: false, stale: false, record_count: 5 });
    expect(res.body.sources.siri_sx.last_retrieved).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.sources.line_status).toMatchObject({ configured: true, record_count: 8 });
  });

  it('active_only=false adds works not yet started and ended; include_good_service adds healthy lines', async () => {
    const all = (await api.get('/v1/disruptions.json?active_only=false&include_good_service=true&limit=100')).body;
    expect(all.results_count).toBe(13);
    const future = all.member.find((m: { id: string }) => m.id === 'siri_sx:DEMO-future');
    expect(future).toMatchObject({ active: false, planned: true });
    const good = (await api.get('/v1/disruptions.json?include_good_service=true&severity=good')).body;
    expect(good.member.map((m: { id: string }) => m.id).sort()).toEqual(['line_status:bakerloo', 'line_status:mildmay', 'line_status:tram', 'line_status:victoria']);
  });

  it('filters by mode (tram from both feeds), planned, operator, line and stop', async () => {
    const tram = (await api.get('/v1/disruptions.json?mode=tram&include_good_service=true')).body.member;
    expect(tram.map((m: { source: string }) => m.source).sort()).toEqual(['line_status', 'siri_sx']);
    const planned = (await api.get('/v1/disruptions.json?planned=true')).body.member;
    expect(planned.every((m: { planned: boolean }) => m.planned)).toBe(true);
    expect(planned.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-works');
    const works = planned.find((m: { id: string }) => m.id === 'siri_sx:DEMO-works');
    const op = works.operators[0];
    const byOp = (await api.get(`/v1/disruptions.json?operator=${encodeURIComponent(op.name.toUpperCase())}`)).body.member;
    expect(byOp.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-works');
    expect(byOp.every((m: { source: string }) => m.source === 'siri_sx')).toBe(true);
    const byLine = (await api.get(`/v1/disruptions.json?line=${encodeURIComponent(works.lines[0].name)}`)).body.member;
    expect(byLine.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-works');
    const stop = works.affected_stops[1];
    const byStop = (await api.get(`/v1/disruptions.json?atcocode=${stop.atcocode}`)).body.member;
    expect(byStop.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-works');
  });

  it('resolves coordinates of stops the feed names by ref only, and finds them by radius, box and path', async () => {
    const tram = (await api.get('/v1/disruptions.json?mode=tram')).body.member.find((m: { id: string }) => m.id === 'siri_sx:DEMO-tram');
    const s = tram.affected_stops[0];
    expect(typeof s.latitude).toBe('number');
    const near = (await api.get(`/v1/disruptions.json?lat=${s.latitude + 0.001}&lon=${s.longitude}&radius=200`)).body.member;
    expect(near.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-tram');
    const far = (await api.get(`/v1/disruptions.json?lat=${s.latitude + 0.001}&lon=${s.longitude}&radius=50`)).body.member;
    expect(far.map((m: { id: string }) => m.id)).not.toContain('siri_sx:DEMO-tram');
    const box = (await api.get(`/v1/disruptions.json?min_lat=${s.latitude - 0.001}&min_lon=${s.longitude - 0.001}&max_lat=${s.latitude + 0.001}&max_lon=${s.longitude + 0.001}`)).body.member;
    expect(box.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-tram');
    // A straight path passing 100 m beside the stop, with its vertices 5 km away on either side.
    const path = encodePolyline([s.latitude + 0.0009, s.longitude - 0.075, s.latitude + 0.0009, s.longitude + 0.075]);
    const onPath = (await api.get(`/v1/disruptions.json?path=${encodeURIComponent(path)}&path_radius=150`)).body.member;
    expect(onPath.map((m: { id: string }) => m.id)).toContain('siri_sx:DEMO-tram');
    const offPath = (await api.get(`/v1/disruptions.json?path=${encodeURIComponent(path)}&path_radius=50&mode=tram`)).body.member;
    expect(offPath.map((m: { id: string }) => m.id)).not.toContain('siri_sx:DEMO-tram');
  });

  it('pages', async () => {
    const a = (await api.get('/v1/disruptions.json?limit=2&page=1')).body;
    const b = (await api.get('/v1/disruptions.json?limit=2&page=2')).body;
    const all = (await api.get('/v1/disruptions.json')).body;
    expect([...a.member, ...b.member].map((m: { id: string }) => m.id)).toEqual(all.member.slice(0, 4).map((m: { id: string }) => m.id));
    expect(a.results_count).toBe(all.results_count);
  });
});

describe.skipIf(!HAVE_DATA)('recorded real feeds through the pollers, and a failing feed', () => {
  let api: TestServer;
  let live: LiveServices;
  let sx: ReplayServer;
  let ls: ReplayServer;
  beforeAll(async () => {
    sx = await startReplayServer({ files: [data('siri_sx/bods_sirisx_2020-05-11_greater_manchester.xml')], contentType: 'application/xml' });
    ls = await startReplayServer({ files: [data('tfl/line_status_rail_modes_combined_from_bundle.json')], contentType: 'application/json' });
    const config = { ...noLiveConfig(), siriSx: feedConfig(sx.url + '/sx?api_key=secret'), lineStatus: feedConfig(ls.url + '/status') };
    live = await startLiveServices({ engine: await demoSnapshotEngine(), config, log: () => {} });
    await live.state.disruptions!.pollNow();
    api = await startTestServer({ live: live.state });
  });
  afterAll(async () => {
    await api?.close();
    await live?.stop();
    await sx?.close();
    await ls?.close();
  });

  it('serves the real records: in force now only the one open-ended situation, all with active_only=false', async () => {
    const now = (await api.get('/v1/disruptions.json')).body;
    expect(now.member.map((m: { id: string }) => m.id)).toEqual(['siri_sx:RGlzcnVwdGlvbk5vZGU6MTA2OTg=']);
    expect(now.member[0].validity_periods).toEqual([{ start: '2020-02-17T00:00:00+00:00', end: null }]);
    const res = await api.get('/v1/disruptions.json?active_only=false&limit=100');
    expect(res.body.results_count).toBe(9 + 5);
    expect(res.body.sources.siri_sx).toMatchObject({ configured: true, simulated: false, failed: false, record_count: 9 });
    expect(res.body.sources.siri_sx.url).not.toContain('secret');
    const many = res.body.member.find((m: { id: string }) => m.id === 'siri_sx:RGlzcnVwdGlvbk5vZGU6MTA3NTc=');
    expect(many.affected_stops).toHaveLength(20);
    expect(many.affected_stop_count).toBe(29);
  });

  it('a failing feed keeps its last records, marked stale, and says why', async () => {
    sx.setFault({ kind: 'status', status: 503 });
    await live.state.disruptions!.pollNow();
    let res = await api.get('/v1/disruptions.json?active_only=false&limit=100');
    expect(res.body.sources.siri_sx).toMatchObject({ failed: true, stale: true, record_count: 9, consecutive_failures: 1 });
    expect(res.body.sources.siri_sx.error).toMatch(/503/);
    expect(res.body.sources.line_status).toMatchObject({ failed: false, stale: false });
    expect(res.body.results_count).toBe(14);
    sx.setFault({ kind: 'truncate' });
    await live.state.disruptions!.pollNow();
    res = await api.get('/v1/disruptions.json?active_only=false&mode=bus');
    expect(res.body.sources.siri_sx.error).toMatch(/siri-sx/);
    expect(res.body.results_count).toBe(9);
    sx.setFault(null);
    await live.state.disruptions!.pollNow();
    res = await api.get('/v1/disruptions.json?active_only=false&mode=bus');
    expect(res.body.sources.siri_sx).toMatchObject({ failed: false, stale: false, error: null });
  });
});
