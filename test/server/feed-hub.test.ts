// FEATURE UNDER TEST: FeedHub, the live feeds of a serve process owned across snapshot reloads:
// one poller per feed sending conditional requests, the latest document handed at once to an
// overlay set that subscribes later (a reload) and to workers attached later, nothing more to a
// worker detached (one that failed and was replaced), and nothing matched in the hub itself (it
// only polls, parses and relays). Real local HTTP server.
import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { demoSiriSx } from '@transit/builder';
import { noLiveConfig, startLiveServices } from '@transit/server';
import { FeedHub } from '../../packages/server/src/live/feed-hub.js';
import type { FeedMessage } from '../../packages/server/src/live/feed-relay.js';
import { demoSnapshotEngine } from '../support/server.js';
import { startFileServer, type FileServer } from '../support/fetch-server.js';

let server: FileServer | undefined;
let hub: FeedHub | undefined;
afterEach(async () => {
  await hub?.stop();
  await server?.close();
});

describe('FeedHub', () => {
  it('keeps one poller per feed and gives the latest document to late subscribers and workers', async () => {
    const engine = await demoSnapshotEngine();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-hub-'));
    writeFileSync(path.join(dir, 'sx.xml'), demoSiriSx(engine, Date.now()));
    server = await startFileServer({ '/sx': path.join(dir, 'sx.xml') });
    const feed = { url: server.url + '/sx', intervalMs: 3_600_000, timeoutMs: 10_000, headers: {} };
    hub = await FeedHub.start({ engine, config: { ...noLiveConfig(), siriSx: feed }, log: () => {} });
    expect(hub.names).toEqual(['siri_sx']);
    await expect.poll(() => hub!.status('siri_sx')?.lastChangeAt ?? null, { timeout: 30_000 }).not.toBeNull();

    // An overlay set started now (as after a reload) has the records at once, without a poll.
    const requests = server.requests.length;
    const live = await startLiveServices({ engine, config: { ...noLiveConfig(), siriSx: feed }, log: () => {}, sources: hub.sources });
    expect(live.state.disruptions!.sources().siri_sx).toMatchObject({ configured: true, failed: false });
    expect(live.state.disruptions!.sources().siri_sx.recordCount).toBeGreaterThan(0);
    expect(server.requests.length).toBe(requests);
    await live.stop();

    // A worker attached later gets the latest document, serialised once into shared memory.
    const got: FeedMessage[] = [];
    hub.attach((m) => got.push(m));
    const gone: FeedMessage[] = [];
    const detach = hub.attach((m) => gone.push(m));
    expect(got).toHaveLength(1);
    expect(gone).toHaveLength(1);
    expect(got[0].data).toBeInstanceOf(SharedArrayBuffer);
    expect((v8.deserialize(Buffer.from(got[0].data!)) as { records: unknown[] }).records.length).toBeGreaterThan(0);

    // The same poller polls again: conditional, 304, status relayed without data.
    await hub.pollNow();
    const last = server.requests.at(-1)!;
    expect(last.headers['if-none-match']).toBeTruthy();
    expect(last.status).toBe(304);
    expect(got.at(-1)).toMatchObject({ name: 'siri_sx', data: null });
    expect(gone).toHaveLength(2);

    // A detached worker gets no more; the others still do.
    detach();
    await hub.pollNow();
    expect(got).toHaveLength(3);
    expect(gone).toHaveLength(2);
    expect(server.requests.filter((r) => r.status === 200)).toHaveLength(1);
  }, 60_000);
});
