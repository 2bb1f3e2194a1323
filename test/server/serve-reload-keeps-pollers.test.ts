// FEATURE UNDER TEST: a snapshot reload (SIGHUP on `transit serve`, a real process) keeps the live
// feed pollers and their ETag/Last-Modified: after the reload the feed server still sees only
// conditional requests (a restarted poller would start with an unconditional one), at the pace of
// one poller, and the new snapshot's overlays are matched at once from the latest documents.
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoSiriSx, simulatedSiriVm } from '@transit/builder';
import { Engine } from '@transit/engine';
import { demoSnapshotDir, getJson, signalAndWait, startServeProcess } from '../support/cli-process.js';
import { startFileServer, type FileServer, type SeenRequest } from '../support/fetch-server.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';

const KEY = 'reload-key';
let snapshot: string;
let files: Record<string, string>;

beforeAll(async () => {
  const { dir, snapshot: file, bytes } = await demoSnapshotDir('serve-reload-pollers-');
  snapshot = file;
  const engine = Engine.open(bytes.slice().buffer);
  // Recorded feed files, served as a static host serves them (ETag, Last-Modified, 304).
  files = { '/siri-vm': path.join(dir, 'siri-vm.xml'), '/siri-sx': path.join(dir, 'siri-sx.xml') };
  writeFileSync(files['/siri-vm'], simulatedSiriVm(engine, Date.now()));
  writeFileSync(files['/siri-sx'], demoSiriSx(engine, Date.now()));
});

const until = (check: () => boolean) => expect.poll(check, { timeout: PROCESS_WAIT_MS, interval: 50 }).toBe(true);
const conditional = (r: SeenRequest) => typeof r.headers['if-none-match'] === 'string' && typeof r.headers['if-modified-since'] === 'string';

describe.each([
  ['2 worker threads', '2'],
  ['the main thread', '1'],
])('transit serve (%s): a snapshot reload keeps the feed pollers', (_label, workers) => {
  let feeds: FileServer | undefined;
  afterEach(async () => feeds?.close());

  it('goes on with conditional requests from the same pollers after SIGHUP', async () => {
    feeds = await startFileServer(files);
    const server = feeds;
    const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', workers], {
      API_KEYS: `${KEY}:unlimited`,
      SIRI_VM_URL: server.url + '/siri-vm',
      SIRI_SX_URL: server.url + '/siri-sx',
      SIRI_VM_INTERVAL_S: '1',
      SIRI_SX_INTERVAL_S: '1',
    });
    // Before: each poller has fetched its document once and revalidates it (304).
    const paths = Object.keys(files);
    await until(() => paths.every((p) => server.seen(p).some((r) => r.status === 304)));
    for (const p of paths) {
      expect(conditional(server.seen(p)[0])).toBe(false);
      expect(server.seen(p).filter((r) => r.status === 200)).toHaveLength(1);
    }

    await signalAndWait(running, 'SIGHUP', 'Reloaded snapshot');
    const reloadedAt = Date.now();
    const before = Object.fromEntries(paths.map((p) => [p, server.seen(p).length]));
    // The new snapshot's disruptions are there at once, from the latest document (no new fetch).
    const disruptions = (await getJson(`${running.url}/v1/disruptions.json?active_only=false`, KEY)).body;
    expect(disruptions.sources.siri_sx.record_count).toBeGreaterThan(0);

    await until(() => paths.every((p) => server.seen(p).length >= before[p] + 3));
    const spanMs = Date.now() - reloadedAt;
    for (const p of paths) {
      const after = server.seen(p).slice(before[p]);
      // The same poller: it still holds the validators, so nothing is downloaded again.
      expect(after.every(conditional)).toBe(true);
      expect(after.every((r) => r.status === 304)).toBe(true);
      expect(server.seen(p).filter((r) => r.status === 200)).toHaveLength(1);
      // One poller's pace (a poll at most every second), not two pollers'.
      expect(after.length).toBeLessThanOrEqual(Math.floor(spanMs / 990) + 2);
    }
    expect(running.output()).not.toMatch(/Reload failed/);
    running.proc.kill('SIGTERM');
    await running.exited;
  }, 180_000);
});
