// FEATURE UNDER TEST: Prometheus metrics on their own port, summed over worker threads, and the
// structured access log (request id, key id, route, status, latency; never the key).
import { describe, expect, it } from 'vitest';
import { startServeProcess } from '../support/cli-process.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';
import { checkedFetch } from '../support/openapi-contract.js';

describe('metrics and access log (2 worker threads)', () => {
  it('counts every request once whichever thread answered, and logs each as JSON', async () => {
    // --demo: the simulated live feeds run too, so feed health and match counts show.
    const running = await startServeProcess(['--demo', '--port', '0', '--workers', '2', '--metrics-port', '0'], { API_KEYS: 'secret-key:unlimited', ACCESS_LOG: 'true' });
    const metricsUrl = /Metrics \(Prometheus\): (\S+)/.exec(running.output())![1];
    const get = (p: string) => checkedFetch(running.url + p, { headers: { 'X-Api-Key': 'secret-key', 'X-Request-Id': 'req-42' } }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`/v1/bus/stops.json?lat=53.38&lon=-1.47&radius=${100 + i}`)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await get('/v1/bus/stops.json?lat=north')).toBe(400);
    expect(await get('/nowhere')).toBe(404);

    // Threads publish feed health every second: wait until both have (the simulated feeds are
    // served in-process, so their first poll is soon after start).
    const up = (t: string) => ['0', '1'].every((thread) => ['siri_vm', 'siri_sx', 'line_status'].every((feed) => t.includes(`transit_feed_up{feed="${feed}",thread="${thread}"} 1`)));
    let text = '';
    await expect.poll(async () => up((text = await (await fetch(metricsUrl)).text())), { timeout: PROCESS_WAIT_MS, interval: 100 }).toBe(true);
    for (const thread of ['0', '1']) {
      for (const feed of ['siri_vm', 'siri_sx', 'line_status']) expect(text).toContain(`transit_feed_up{feed="${feed}",thread="${thread}"} 1`);
      expect(text).not.toContain(`feed="gtfs_rt",thread="${thread}"`); // not configured
      expect(Number(new RegExp(`transit_disruption_records\\{thread="${thread}"\\} (\\d+)`).exec(text)?.[1])).toBeGreaterThan(0);
    }
    // How many simulated buses run depends on the time of day; every method and reason is reported per thread.
    expect([...text.matchAll(/transit_live_vehicles_matched\{method="\w+",thread="\d"\} \d+/g)]).toHaveLength(6);
    expect([...text.matchAll(/transit_live_vehicles_unmatched\{reason="\w+",thread="\d"\} \d+/g)]).toHaveLength(10);
    expect(text).toContain('transit_http_requests_total{route="/v1/bus/stops.json",status="2xx"} 30');
    expect(text).toContain('transit_http_requests_total{route="/v1/bus/stops.json",status="4xx"} 1');
    expect(text).toContain('transit_http_requests_total{route="unmatched",status="4xx"} 1');
    expect(text).toContain('transit_http_request_duration_seconds_count{route="/v1/bus/stops.json"} 31');
    expect(text).toMatch(/transit_http_request_duration_seconds_bucket\{route="\/v1\/bus\/stops.json",le="\+Inf"\} 31/);
    expect(text).toContain('transit_worker_threads 2');
    expect(text).toContain('transit_worker_replacements_total 0');
    expect(text).toMatch(/transit_snapshot_age_seconds \d+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);

    running.proc.kill('SIGTERM');
    await running.exited;
    const lines = running.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    const stops = lines.filter((l) => l.route === '/v1/bus/stops.json');
    expect(stops).toHaveLength(31);
    expect(stops[0]).toMatchObject({ msg: 'request', req_id: 'req-42', method: 'GET', key_id: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(typeof stops[0].ms).toBe('number');
    expect(lines.find((l) => l.route === 'unmatched')).toMatchObject({ status: 404, key_id: null });
    expect(running.output()).not.toContain('secret-key');
  }, 60_000);
});
