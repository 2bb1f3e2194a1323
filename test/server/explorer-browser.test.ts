// FEATURE UNDER TEST: the map explorer at / in a real browser (Debian's chromium through
// playwright-core) on the demo dataset: the demo key injected, stops, streets and route shapes drawn, a stop
// searched and its board opened (live departures marked, vehicles on the map), a departure's
// journey drawn, a journey planned leg by leg with walking steps, the disruptions layer; the
// screenshots are checked not blank. Without a demo key the page asks for one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiKeys, noLiveConfig, startLiveServices, startServer, toKeyRecords, type LiveServices, type RunningServer } from '@transit/server';
import { demoFeeds } from '@transit/cli';
import { demoSnapshotEngine, TEST_KEY } from '../support/server.js';
import { runAtDaytime } from '../support/clock.js';
import { HAVE_CHROMIUM, launchBrowser, NO_CHROMIUM_MESSAGE, type TestBrowser } from '../support/browser.js';
import { colourStats, decodePng } from '../support/png.js';
import { checkedFetch } from '../support/openapi-contract.js';

if (!HAVE_CHROMIUM) process.stderr.write(`\n*** ${NO_CHROMIUM_MESSAGE} ***\n\n`);

/** Screenshots go here (EXPLORER_SHOTS to keep them somewhere known). */
const SHOTS = process.env.EXPLORER_SHOTS ?? mkdtempSync(path.join(os.tmpdir(), 'transit-explorer-shots-'));
/** The map's part of a 1280x800 screenshot (the panel is 380 px wide). */
const MAP_REGION = { x: 400, y: 0, width: 880, height: 780 };

let live: LiveServices;
let server: RunningServer;
let browser: TestBrowser;
const keys = new ApiKeys(toKeyRecords([{ key: TEST_KEY, tier: 'unlimited', name: 'test' }]));

async function api(pathAndQuery: string): Promise<any> {
  const res = await checkedFetch(server.url + pathAndQuery, { headers: { 'X-Api-Key': TEST_KEY } });
  return res.json();
}

/** Saves a screenshot and checks the map in it is drawn: many colours, most pixels not the background. */
async function shot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await browser.page.mouse.move(0, 799);
  await browser.page.waitForTimeout(400); // Leaflet's zoom and pan animations (250 ms) end
  await browser.page.screenshot({ path: file });
  const png = decodePng(readFileSync(file));
  expect(png.width).toBe(1280);
  const whole = colourStats(png);
  const map = colourStats(png, MAP_REGION);
  expect(whole.distinct, `${file}: distinct colours`).toBeGreaterThan(50);
  expect(map.distinct, `${file}: distinct colours on the map`).toBeGreaterThan(20);
  expect(map.nonBackground, `${file}: share of the map drawn over the background`).toBeGreaterThan(0.01);
}

/** A bus stop near Sheffield with a live departure on its board now (simulated feed), if any. */
async function stopWithLiveDeparture(): Promise<{ atcocode: string; name: string } | null> {
  const stops = await api('/v1/bus/stops.json?lat=53.40&lon=-1.46&radius=5000&limit=100&type=bus_stop');
  for (const stop of stops.member) {
    const board = await api(`/v1/bus/stop_timetables/${stop.atcocode}.json?live=true&limit=10`);
    if (board.departures.some((d: any) => d.live_vehicle)) return { atcocode: stop.atcocode, name: stop.name };
  }
  return null;
}

// The server (in this process) and its simulated feeds run on a weekday 10:00: boards have departures and buses whatever the hour.
runAtDaytime();

describe.skipIf(!HAVE_CHROMIUM)('map explorer in Chromium', () => {
  beforeAll(async () => {
    const engine = await demoSnapshotEngine();
    live = await startLiveServices({ engine, config: { ...noLiveConfig(), simulate: true }, log: () => {}, demoFeeds });
    server = await startServer({ engine, keys, port: 0, host: '127.0.0.1', live: live.state, demoKey: TEST_KEY, log: () => {} });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await live?.stop();
  });

  it('loads with the demo key, draws streets, route shapes and stops, and asks for nothing outside the server', async () => {
    const requests: string[] = [];
    browser.page.on('request', (req) => requests.push(req.url()));
    await browser.page.goto(server.url + '/');
    await browser.page.waitForFunction(() => /\d+ stops in view/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await browser.page.isHidden('#key-form')).toBe(true);
    expect(await browser.page.evaluate(() => document.body.classList.contains('has-streets'))).toBe(true);
    // The route layer: as many lines as the API gives for the view, on its own canvas between the streets' and the stops'.
    await browser.page.waitForFunction(() => Number(document.getElementById('map')?.dataset.shapeLines) > 0);
    const drawn = await browser.page.evaluate(() => Number(document.getElementById('map')!.dataset.shapeLines));
    const shapesAsked = requests.find((u) => u.includes('/v1/shapes.json'))!;
    const body = await api(shapesAsked.slice(server.url.length));
    expect(drawn).toBe(body.shapes.reduce((n: number, s: any) => n + s.polylines.length, 0));
    const order = await browser.page.$$eval('.leaflet-pane canvas', (cs) => cs.map((c) => `${c.parentElement!.className.match(/leaflet-(\w+)-pane/)?.[1]}:${getComputedStyle(c.parentElement!).zIndex}`));
    expect(order).toEqual(expect.arrayContaining(['streets:350', 'shapes:360', 'overlay:400']));
    await shot('1-map');
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:'))).toEqual([]);
  });

  it('keeps drawing route shapes zoomed out past the streets’ limit', async () => {
    const page = browser.page;
    const zoom = async (button: 'in' | 'out', times: number) => {
      for (let k = 0; k < times; k++) {
        const answered = page.waitForResponse((r) => r.url().includes('/v1/shapes.json'));
        await page.click(`.leaflet-control-zoom-${button}`);
        await answered;
      }
    };
    await zoom('out', 3); // zoom 11: about 0.7 degrees across, streets off (0.25), shapes on (2)
    await page.waitForFunction(() => Number(document.getElementById('map')?.dataset.shapeLines) > 20);
    await shot('1b-map-zoomed-out');
    await zoom('in', 3);
  });

  it('searches a stop and opens its board, live departures marked and their vehicles on the map', async () => {
    const stop = await stopWithLiveDeparture();
    if (!stop) throw new Error('no stop near Sheffield with a live departure at 10:00 on the demo');
    const page = browser.page;
    await page.fill('#search-input', stop.name);
    await page.click(`#search-results li[data-atcocode="${stop.atcocode}"]`);
    await page.waitForSelector('table.board tr.departure');
    const rows = await page.$$eval('table.board tr.departure', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.length).toBeGreaterThan(0);
    for (const [time, line, destination] of rows) {
      expect(time).toMatch(/^\d\d:\d\d/);
      expect(line.length).toBeGreaterThan(0);
      expect(destination.length).toBeGreaterThan(0);
    }
    expect(await page.textContent('#tab-board h2')).toContain(stop.name);
    expect(await page.$$eval('.badge.live', (b) => b.length)).toBeGreaterThan(0);
    expect(await page.$$eval('.leaflet-marker-icon.vehicle', (v) => v.length)).toBeGreaterThan(0);
    await shot('2-board');
  });

  it('draws a departure’s journey when it is clicked', async () => {
    const page = browser.page;
    await page.click('table.board tr.departure');
    await page.waitForFunction(() => /: \d+ stops/.test(document.getElementById('status')?.textContent ?? ''));
    expect(await page.$$eval('tr.departure.selected', (r) => r.length)).toBe(1);
    await shot('3-departure');
  });

  it('opens a rail station’s board from the search', async () => {
    const page = browser.page;
    await page.fill('#search-input', 'Sheffield');
    await page.click('#search-results li.place.train_station');
    await page.waitForFunction(() => /\(SHF\)/.test(document.querySelector('#tab-board h2')?.textContent ?? ''));
    const rows = await page.$$eval('table.board tr.departure td.time', (tds) => tds.map((td) => td.textContent));
    expect(rows.length).toBeGreaterThan(0);
    for (const time of rows) expect(time).toMatch(/^\d\d:\d\d$/);
  });

  it('opens the journey planner on its example, a tram then a train from Hillsborough to Leeds', async () => {
    const page = browser.page;
    await page.click('#tabs button[data-tab=journey]');
    expect(await page.inputValue('#journey-from')).toMatch(/Hillsborough/);
    expect(await page.inputValue('#journey-to')).toMatch(/Leeds/);
    await page.click('#journey-plan');
    await page.waitForSelector('.itinerary.selected', { timeout: 60_000 });
    const legs = await page.$$eval('.itinerary.selected .leg', (ls) => ls.map((l) => l.className));
    expect(legs).toEqual(expect.arrayContaining(['leg tram', 'leg rail']));
    await shot('4-journey-example');
  });

  it('plans a journey and draws its itinerary leg by leg with walking steps', async () => {
    const page = browser.page;
    await page.click('#tabs button[data-tab=journey]');
    await page.fill('#journey-from', 'Sheffield Interchange');
    await page.click('#journey-from-results li.place');
    await page.fill('#journey-to', 'Barnsley Interchange');
    await page.click('#journey-to-results li.place');
    await page.click('#journey-plan');
    await page.waitForSelector('.itinerary.selected', { timeout: 60_000 });
    const legs = await page.$$eval('.itinerary.selected .leg', (ls) => ls.map((l) => l.className));
    expect(legs.length).toBeGreaterThanOrEqual(1);
    expect(legs.some((c) => !c.includes('walk'))).toBe(true);
    expect(await page.$$eval('.itinerary .step', (s) => s.length)).toBeGreaterThan(0);
    expect(await page.$$eval('.journey-end', (e) => e.length)).toBe(2);
    await shot('4-journey');
  });

  it('shows the disruptions layer', async () => {
    const page = browser.page;
    await page.click('#tabs button[data-tab=disruptions]');
    await page.check('#disruptions-toggle');
    await page.waitForSelector('.disruption');
    const expected = (await api('/v1/disruptions.json?limit=100')).results_count;
    expect(await page.$$eval('.disruption', (d) => d.length)).toBe(expected);
    await shot('5-disruptions');
    expect(browser.problems).toEqual([]);
    process.stderr.write(`explorer screenshots: ${SHOTS}\n`);
  });

  it('asks for a key when the server injects none, keeps it in local storage and uses it', async () => {
    const plain = await startServer({ engine: await demoSnapshotEngine(), keys, port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const page = browser.page;
      await page.goto(plain.url + '/');
      await page.waitForSelector('#key-form:not([hidden])');
      await page.fill('#key-input', TEST_KEY);
      await page.click('#key-form button');
      await page.waitForFunction(() => /\d+ stops in view/.test(document.getElementById('status')?.textContent ?? ''));
      expect(await page.evaluate(() => localStorage.getItem('transit-api-key'))).toBe(TEST_KEY);
      expect(await page.isHidden('#key-form')).toBe(true);
    } finally {
      await plain.close();
    }
  });
});
