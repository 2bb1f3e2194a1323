// FEATURE UNDER TEST: the API docs at /docs in a real browser: Swagger UI served by the server
// itself (no outside request, no key) renders every operation of /openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@transit/server';
import { startTestServer, type TestServer } from '../support/server.js';
import { HAVE_CHROMIUM, launchBrowser, NO_CHROMIUM_MESSAGE, type TestBrowser } from '../support/browser.js';
import { colourStats, decodePng } from '../support/png.js';

if (!HAVE_CHROMIUM) process.stderr.write(`\n*** ${NO_CHROMIUM_MESSAGE} ***\n\n`);

let api: TestServer;
let browser: TestBrowser;

describe.skipIf(!HAVE_CHROMIUM)('/docs in Chromium', () => {
  beforeAll(async () => {
    api = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('renders every operation from /openapi.json with no key and no outside request', async () => {
    const requests: string[] = [];
    browser.page.on('request', (req) => requests.push(req.url()));
    await browser.page.goto(api.url + '/docs');
    await browser.page.waitForSelector('.opblock-summary', { timeout: 60_000 });
    const operations = await browser.page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.getAttribute('data-path')));
    expect(operations.sort()).toEqual(ENDPOINTS.map((ep) => ep.path).sort());
    expect(await browser.page.textContent('.info .title')).toContain('UK Transit API');
    expect(colourStats(decodePng(await browser.page.screenshot())).distinct).toBeGreaterThan(20);
    expect(requests.filter((u) => !u.startsWith(api.url) && !u.startsWith('data:'))).toEqual([]);
    expect(browser.problems).toEqual([]);
  });
});
