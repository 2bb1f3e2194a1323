// FEATURE UNDER TEST: the live feed poller against a real local HTTP server (the replay server):
// conditional requests, timeouts, failures of every kind, backoff and recovery, key redaction.
import { describe, it, expect, afterEach } from 'vitest';
import { FeedPoller, startReplayServer, redactUrl, type ReplayServer } from '@transit/server';
import { PROCESS_WAIT_MS } from '../support/processes.js';

const DOC_A = new TextEncoder().encode('{"doc":"a"}');
const DOC_B = new TextEncoder().encode('{"doc":"b"}');

/** A poller that parses JSON and records what it applied. */
function jsonPoller(url: string, extra: Partial<{ intervalMs: number; timeoutMs: number; maxBackoffMs: number; now: () => number }> = {}) {
  const applied: unknown[] = [];
  const poller = new FeedPoller<unknown>({
    name: 'test_feed',
    url,
    intervalMs: extra.intervalMs ?? 60_000,
    timeoutMs: extra.timeoutMs ?? 30_000,
    maxBackoffMs: extra.maxBackoffMs,
    now: extra.now,
    parse: (bytes) => {
      if (bytes.length === 0) throw new Error('empty document');
      return JSON.parse(new TextDecoder().decode(bytes));
    },
    onData: (value) => applied.push(value),
  });
  return { poller, applied };
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('FeedPoller', () => {
  it('applies each new document and treats an unchanged one (304) as a success without data', async () => {
    server = await startReplayServer({ files: [DOC_A], contentType: 'application/json' });
    const { poller, applied } = jsonPoller(server.url + '/feed');
    expect(await poller.pollNow()).toBe(true);
    expect(await poller.pollNow()).toBe(false); // If-None-Match matched: 304
    expect(applied).toEqual([{ doc: 'a' }]);
    const s = poller.status;
    expect(s.lastError).toBeNull();
    expect(s.lastSuccessAt).toBeGreaterThanOrEqual(s.lastChangeAt!);
    expect(s.consecutiveFailures).toBe(0);
    expect(server.requestCount).toBe(2);
  });

  it('serves recorded documents in turn', async () => {
    server = await startReplayServer({ files: [DOC_A, DOC_B], contentType: 'application/json' });
    const { poller, applied } = jsonPoller(server.url);
    await poller.pollNow();
    await poller.pollNow();
    await poller.pollNow();
    expect(applied).toEqual([{ doc: 'a' }, { doc: 'b' }, { doc: 'a' }]);
  });

  it.each([
    [{ kind: 'status', status: 500 } as const, /HTTP 500/],
    [{ kind: 'status', status: 403 } as const, /HTTP 403/],
    [{ kind: 'garbage' } as const, /JSON/],
    [{ kind: 'truncate' } as const, /JSON|Unterminated|Unexpected end/],
    [{ kind: 'empty' } as const, /empty document/],
    [{ kind: 'reset' } as const, /connection (closed|reset) by the server/],
    [{ kind: 'slow', delayMs: 600_000 } as const, /no complete response within 5000 ms/], // never answers: the deadline, not the machine's speed, decides
  ])('records a failed poll (%o), keeps the last good data, and recovers', async (fault, reason) => {
    server = await startReplayServer({ files: [DOC_A, DOC_B], contentType: 'application/json' });
    const { poller, applied } = jsonPoller(server.url, { timeoutMs: 5_000 });
    expect(await poller.pollNow()).toBe(true);
    server.setFault(fault);
    expect(await poller.pollNow()).toBe(false);
    expect(await poller.pollNow()).toBe(false);
    const failed = poller.status;
    expect(failed.lastError).toMatch(reason);
    expect(failed.consecutiveFailures).toBe(2);
    expect(failed.lastSuccessAt).toBeLessThanOrEqual(failed.lastAttemptAt!);
    server.setFault(null);
    expect(await poller.pollNow()).toBe(true);
    expect(poller.status).toMatchObject({ lastError: null, consecutiveFailures: 0 });
    expect(applied).toEqual([{ doc: 'a' }, { doc: 'b' }]);
  });

  it('fails cleanly when nothing listens', async () => {
    const s = await startReplayServer({ files: [DOC_A] });
    const url = s.url;
    await s.close();
    const { poller } = jsonPoller(url);
    expect(await poller.pollNow()).toBe(false);
    expect(poller.status.lastError).toMatch(/connection refused/);
  });

  it('backs off exponentially after failures, capped, and returns to the interval on success', async () => {
    server = await startReplayServer({ files: [DOC_A, DOC_B], contentType: 'application/json' });
    server.setFault({ kind: 'status', status: 503 });
    // A frozen clock: each scheduled delay is then exactly nextAttemptAt - clock.
    const clock = 1_000_000;
    const { poller } = jsonPoller(server.url, { intervalMs: 20, maxBackoffMs: 100, now: () => clock });
    const delays: number[] = [];
    poller.start();
    for (let failures = 1; failures <= 4; failures++) {
      await waitFor(() => poller.status.consecutiveFailures === failures && poller.status.nextAttemptAt! > clock);
      delays.push(poller.status.nextAttemptAt! - clock);
    }
    expect(delays).toEqual([40, 80, 100, 100]);
    server.setFault(null);
    await waitFor(() => poller.status.consecutiveFailures === 0 && poller.status.lastChangeAt !== null);
    await waitFor(() => poller.status.nextAttemptAt! - clock === 20);
    await poller.stop();
    expect(poller.status.nextAttemptAt).toBeNull();
  });
});

describe('redactUrl', () => {
  it('hides key-like query values and passwords', () => {
    expect(redactUrl('https://data.example/api/v1/datafeed/?boundingBox=1,2,3,4&api_key=SECRET')).toBe('https://data.example/api/v1/datafeed/?boundingBox=1%2C2%2C3%2C4&api_key=***');
    expect(redactUrl('https://u:pw@x.example/status?app_key=abc')).toBe('https://u:***@x.example/status?app_key=***');
    expect(redactUrl('not a url')).toBe('(unparseable URL)');
  });
});

async function waitFor(cond: () => boolean, timeoutMs = PROCESS_WAIT_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
