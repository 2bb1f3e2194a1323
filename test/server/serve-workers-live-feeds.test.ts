// FEATURE UNDER TEST: `transit serve --workers 2` (a real process) polls each live feed once, in
// the main thread, not once per worker: the replay server sees one request per interval, and both
// workers serve the relayed data (per-thread metrics, boards, disruption sources), keep the last
// good data when the feed breaks (marked stale) and recover.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { demoSiriSx, simulatedSiriVm } from '@transit/builder';
import { Engine } from '@transit/engine';
import { startReplayServer, type ReplayServer } from '@transit/server';
import { demoSnapshotDir, getJson, signalAndWait, spread, startServeProcess, type ServeProcess } from '../support/cli-process.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';

const KEY = 'live-key';
/** Requests per check, each on a new connection, so the kernel spreads them over both threads. */
const SPREAD = 12;

let snapshot: string;
let engine: Engine;

beforeAll(async () => {
  const built = await demoSnapshotDir('serve-live-');
  snapshot = built.snapshot;
  engine = Engine.open(built.bytes.slice().buffer);
});

/** SPREAD JSON answers of `url`, each on a new connection. */
const spreadJson = (url: string) => spread(SPREAD, () => getJson(url, KEY));

/** Polls `read` until it passes `check` (a state the server reaches), failing after PROCESS_WAIT_MS. */
const until = <T>(read: () => Promise<T> | T, check: (value: T) => boolean) => expect.poll(async () => check(await read()), { timeout: PROCESS_WAIT_MS, interval: 50 }).toBe(true);
const gauge = (text: string, name: string, labels: string) => Number(new RegExp(`${name}\\{${labels}\\} (\\S+)`).exec(text)?.[1] ?? NaN);

describe('transit serve --workers 2: live feeds polled once', () => {
  let vm: ReplayServer | undefined;
  let sx: ReplayServer | undefined;
  afterAll(async () => {
    await vm?.close();
    await sx?.close();
  });

  it('fetches each feed once per interval and serves it from both workers, stale on faults', async () => {
    const siriVm = simulatedSiriVm(engine, Date.now());
    vm = await startReplayServer({ files: [Buffer.from(siriVm)], contentType: 'application/xml' });
    sx = await startReplayServer({ files: [Buffer.from(demoSiriSx(engine, Date.now()))], contentType: 'application/xml' });
    const spawnedAt = Date.now();
    const running: ServeProcess = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', '2', '--metrics-port', '0'], {
      API_KEYS: `${KEY}:unlimited`,
      SIRI_VM_URL: vm.url + '/siri-vm',
      SIRI_SX_URL: sx.url + '/siri-sx',
      SIRI_VM_INTERVAL_S: '1',
      SIRI_SX_INTERVAL_S: '1',
    });
    expect(running.output()).toContain('Live feeds: SIRI-VM, SIRI-SX');
    const { url } = running;
    const metricsUrl = /Metrics \(Prometheus\): (\S+)/.exec(running.output())![1];

    // One fetch per interval, not one per worker: each poll is scheduled 1 s after the last one
    // ended, so one poller makes at most one request per second since the process started (a
    // bound that a loaded machine only loosens); pollers in every thread would make two or three.
    await until(() => Math.min(vm!.requestCount, sx!.requestCount), (n) => n >= 5);
    const spanMs = Date.now() - spawnedAt;
    for (const feed of [vm, sx]) expect(feed.requestCount).toBeLessThanOrEqual(Math.floor(spanMs / 990) + 1);

    // Both workers built their overlays from the relayed documents (each worker records its
    // metrics slot every second: wait for both slots).
    let metrics = '';
    const bothUp = (text: string) => ['0', '1'].every((thread) => ['siri_vm', 'siri_sx'].every((feed) => gauge(text, 'transit_feed_up', `feed="${feed}",thread="${thread}"`) === 1));
    await until(async () => (metrics = await (await fetch(metricsUrl)).text()), bothUp);
    for (const thread of ['0', '1']) {
      expect(gauge(metrics, 'transit_disruption_records', `thread="${thread}"`)).toBeGreaterThan(0);
      if (siriVm.includes('<VehicleActivity>')) {
        const matched = ['journey_code', 'origin_time', 'position'].reduce((sum, m) => sum + gauge(metrics, 'transit_live_vehicles_matched', `method="${m}",thread="${thread}"`), 0);
        expect(matched).toBeGreaterThan(0);
      }
    }
    const disruptions = await spreadJson(`${url}/v1/disruptions.json?active_only=false`);
    for (const r of disruptions) {
      expect(r.status).toBe(200);
      expect(r.body.sources.siri_sx).toMatchObject({ configured: true, failed: false, stale: false, url: sx.url + '/siri-sx' });
      expect(r.body.sources.siri_sx.record_count).toBeGreaterThan(0);
      expect(r.body.sources.siri_sx.last_retrieved).not.toBeNull();
    }
    const stop = (await getJson(`${url}/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=2000&limit=1`, KEY)).body.member[0].atcocode;
    const boards = await spreadJson(`${url}/v1/bus/stop_timetables/${stop}.json?live=true`);
    for (const r of boards) {
      expect(r.status).toBe(200);
      expect(r.body.live_requested).toBe(true);
      expect(r.body.live_error).toBeNull();
    }

    // A snapshot reload (SIGHUP): the workers rebuild their overlays at once from the latest
    // relayed documents, with no wait for a poll.
    await signalAndWait(running, 'SIGHUP', 'Reloaded snapshot');
    for (const r of await spreadJson(`${url}/v1/disruptions.json?active_only=false`)) expect(r.body.sources.siri_sx.record_count).toBeGreaterThan(0);

    // The disruption feed breaks: every worker keeps its records, marked stale and failing.
    sx.setFault({ kind: 'garbage' });
    const from = running.output().length;
    const disruptionsUrl = `${url}/v1/disruptions.json?active_only=false`;
    await until(() => spreadJson(disruptionsUrl), (answers) => answers.every((r) => r.body.sources.siri_sx.failed === true));
    for (const r of await spreadJson(`${url}/v1/disruptions.json?active_only=false`)) {
      expect(r.body.sources.siri_sx).toMatchObject({ failed: true, stale: true });
      expect(r.body.sources.siri_sx.record_count).toBeGreaterThan(0);
      expect(r.body.sources.siri_sx.consecutive_failures).toBeGreaterThanOrEqual(1);
    }
    // The failure is logged once (by the one poller), not once per worker.
    expect(running.output().slice(from).match(/feed siri_sx: .*\(failure 1 in a row\)/g)).toHaveLength(1);
    // The vehicle feed fails too: boards answer with live_error in both workers.
    vm.setFault({ kind: 'status', status: 503 });
    const boardUrl = `${url}/v1/bus/stop_timetables/${stop}.json?live=true`;
    await until(() => spreadJson(boardUrl), (answers) => answers.every((r) => r.body.live_error !== null));
    for (const r of await spreadJson(boardUrl)) {
      expect(r.status).toBe(200);
      expect(r.body.live_error).toMatch(/siri_vm feed failing since .*HTTP 503/);
    }
    const bothDown = (text: string) => ['0', '1'].every((thread) => gauge(text, 'transit_feed_up', `feed="siri_sx",thread="${thread}"`) === 0);
    await until(async () => await (await fetch(metricsUrl)).text(), bothDown);

    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
  }, 300_000);
});
