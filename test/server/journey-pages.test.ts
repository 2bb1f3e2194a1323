// FEATURE UNDER TEST: paging /v1/journey.json by cursor over real HTTP on real Newport buses (BODS GTFS of 2023-06-13): next_page and previous_page, arrive-by paging backwards, the search window echoed, and bad cursors refused with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { ApiKeys, startServer, toKeyRecords, type RunningServer } from '@transit/server';
import { HAVE_DATA, data } from '../support/data.js';
import { TEST_KEY } from '../support/server.js';

const build = async (builtAt: string) => {
  const { bytes } = await buildSnapshot({ gtfs: [data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')], coverage: '51.50,-3.10,51.65,-2.85', builtAt, quiet: true });
  return Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

let server: RunningServer;
let rebuilt: Engine;
beforeAll(async () => {
  if (!HAVE_DATA) return;
  const engine = await build('2026-11-26T00:00:00Z');
  rebuilt = await build('2026-11-27T00:00:00Z'); // the same timetable built again: another snapshot
  server = await startServer({ engine, keys: new ApiKeys(toKeyRecords([{ key: TEST_KEY, tier: 'unlimited', name: 'test' }])), port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => server?.close());

// Newport city centre (Bridge Street) to Caerleon Road, across the Usk, a Tuesday.
const QUERY = 'from_lat=51.5878&from_lon=-2.9983&to_lat=51.6026&to_lon=-2.9643&modes=&include_live=false&include_fares=false';
const get = async (params: string) => {
  const res = await fetch(`${server.url}/v1/journey.json?${QUERY}&${params}`, { headers: { 'X-Api-Key': TEST_KEY } });
  return { status: res.status, body: await res.json() as any };
};
const page = async (params: string, cursor?: string) => {
  const res = await get(cursor === undefined ? params : `${params}&page_cursor=${encodeURIComponent(cursor)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** An itinerary as one line: times and the trips ridden. */
const line = (it: any) => `${it.start_time.slice(11, 16)}-${it.end_time.slice(11, 16)} ${it.legs.filter((l: any) => l.trip_id).map((l: any) => l.trip_id).join('+')}`;
const lines = (body: any) => body.itineraries.map(line);

describe.skipIf(!HAVE_DATA)('journey pages on Newport', () => {
  const DEPART = 'datetime=2023-06-13T08:00&limit=2';

  it('echoes the window; next_page then previous_page returns the first page again', async () => {
    const first = await page(DEPART);
    expect(first.search_window_s).toBeGreaterThanOrEqual(2400);
    expect(first.search_window_s).toBeLessThanOrEqual(10_800);
    expect(first.itineraries.length).toBe(2);
    expect(first.next_page).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(first.previous_page).toMatch(/^[\w-]+\.[\w-]{22}$/);
    const second = await page(DEPART, first.next_page);
    expect(second.itineraries.length).toBeGreaterThan(0);
    const back = await page(DEPART, second.previous_page);
    expect(lines(back)).toEqual(lines(first));
    expect(lines(await page(DEPART, back.next_page))).toEqual(lines(second));
  });

  it('three pages: none repeated, in departure order, none of the first window skipped', async () => {
    const pages = [await page(DEPART)];
    for (let i = 0; i < 2; i++) pages.push(await page(DEPART, pages[i].next_page));
    const all = pages.flatMap((p) => p.itineraries);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map(line)).size).toBe(all.length);
    for (let i = 1; i < pages.length; i++) {
      const before = Date.parse(pages[i - 1].itineraries.at(-1).start_time);
      for (const it of pages[i].itineraries) expect(Date.parse(it.start_time)).toBeGreaterThan(before);
    }
    // One page of 20 from the same time searches the same window: what it holds up to the second page's last start is on the first two pages.
    const wide = await page('datetime=2023-06-13T08:00&limit=20');
    const shown = new Set(pages.slice(0, 2).flatMap((p) => p.itineraries.map(line)));
    const upTo = Date.parse(pages[1].itineraries.at(-1).start_time);
    const expected = wide.itineraries.filter((it: any) => Date.parse(it.start_time) <= upTo).map(line);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(expected.filter((l: string) => !shown.has(l))).toEqual([]);
  });

  it('arrive-by pages run backwards: next_page arrives earlier, previous_page returns', async () => {
    const ARRIVE = 'datetime=2023-06-13T18:00&arrive_by=true&limit=2';
    const first = await page(ARRIVE);
    const second = await page(ARRIVE, first.next_page);
    const third = await page(ARRIVE, second.next_page);
    const latest = (p: any) => Math.max(...p.itineraries.map((it: any) => Date.parse(it.end_time)));
    const earliest = (p: any) => Math.min(...p.itineraries.map((it: any) => Date.parse(it.end_time)));
    for (const p of [first, second, third]) for (const it of p.itineraries) expect(Date.parse(it.end_time)).toBeLessThanOrEqual(Date.parse('2023-06-13T18:00:00+01:00'));
    expect(latest(second)).toBeLessThan(earliest(first));
    expect(latest(third)).toBeLessThan(earliest(second));
    expect(lines(await page(ARRIVE, second.previous_page))).toEqual(lines(first));
  });

  it('bad cursors are 400 invalid_parameter naming page_cursor, never 500', async () => {
    const first = await page(DEPART);
    const cursor: string = first.next_page;
    const [payload, tag] = cursor.split('.');
    const flipped = payload.slice(0, -1) + (payload.at(-1) === 'A' ? 'B' : 'A');
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString('latin1').replace(/\|(\d+)\|/, (_, s) => `|${Number(s) - 3600}|`)).toString('base64url');
    // The tag's last base64url character carries 2 of the 128 bits: flipping an unused bit decodes to the same bytes, yet it is not the cursor issued.
    const b64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = tag.slice(0, -1) + b64url[b64url.indexOf(tag.at(-1)!) ^ 1];
    expect(Buffer.from(sameBytes, 'base64url').equals(Buffer.from(tag, 'base64url'))).toBe(true);
    const bad = ['', 'garbage', 'a.b', `${flipped}.${tag}`, `${forged}.${tag}`, `${payload}.${'A'.repeat(22)}`, `${payload}.${tag}x`, `${payload}.${sameBytes}`, '%E2%9C%93'.repeat(3)];
    for (const c of bad) {
      const res = await get(`${DEPART}&page_cursor=${encodeURIComponent(c)}`);
      expect(res.status, c).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
      expect(res.body.error.message).toContain('page_cursor');
    }
    // Another query (the other way round, or arrive-by) cannot use it.
    expect((await get(`datetime=2023-06-13T08:00&arrive_by=true&page_cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
    // Stale: the same timetable rebuilt is another snapshot.
    server.swap(rebuilt);
    const stale = await get(`${DEPART}&page_cursor=${encodeURIComponent(cursor)}`);
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toContain('page_cursor');
    expect((await page(DEPART)).itineraries.length).toBe(2);
  });
});
