// FEATURE UNDER TEST: weak ETags on answers that depend only on the query, the snapshot and the
// clock: the tag ignores request_time, If-None-Match gets 304 with CORS and rate-limit headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTag } from '../../packages/server/src/http/router.js';
import { startTestServer, TEST_KEY, type TestServer } from '../support/server.js';
import { checkedFetch } from '../support/openapi-contract.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const STOPS = '/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=800';
const get = (path: string, headers: Record<string, string> = {}) => checkedFetch(api.url + path, { headers: { 'X-Api-Key': TEST_KEY, ...headers } });

describe('ETag and conditional requests', () => {
  it('tags content, not the time it was made', () => {
    const a = '{"request_time":"2026-11-23T11:00:00+00:00","member":[1]}';
    const b = '{"request_time":"2026-11-23T11:00:59+00:00","member":[1]}';
    expect(contentTag(a)).toBe(contentTag(b));
    expect(contentTag(a)).not.toBe(contentTag(a.replace('[1]', '[2]')));
    expect(contentTag(a)).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    // FNV-1a of the text without the time, and its length: the tags served before stay the same.
    expect(contentTag('{"request_time":"2023-06-13T10:00:00+01:00","name":"Tŷ Du","legs":[1,2,3]}')).toBe('W/"d8811348-4a"');
    expect(contentTag('{"legs":[]}')).toBe('W/"956fc0a0-b"');
  });

  it('answers 304 to a matching If-None-Match, with CORS headers and no body', async () => {
    const first = await get(STOPS);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    await new Promise((r) => setTimeout(r, 1100)); // a later second: recomputed, same content
    const again = await get(STOPS, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(await again.text()).toBe('');
    expect((await get(STOPS, { 'If-None-Match': 'W/"other", ' + etag })).status).toBe(304);
    expect((await get(STOPS, { 'If-None-Match': 'W/"other"' })).status).toBe(200);
    const other = await get(STOPS.replace('radius=800', 'radius=200'), { 'If-None-Match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('does not tag errors or answers that are not reusable', async () => {
    const bad = await get('/v1/bus/stops.json?lat=north');
    expect(bad.headers.get('etag')).toBeNull();
    expect((await checkedFetch(api.url + '/health')).headers.get('etag')).toBeNull();
  });
});
