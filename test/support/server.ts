import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { Engine } from '@transit/engine';
import { ApiKeys, startServer, toKeyRecords, type Endpoint, type RunningServer } from '@transit/server';
import type { LiveState } from '@transit/server';
import { readSnapshot } from './snapshots.js';
import { checkAnswer } from './openapi-contract.js';

/** The key every test server accepts (API_KEYS-style `test-key:free`). */
export const TEST_KEY = 'test-key';
/** A key the test servers know but have disabled. */
export const DISABLED_KEY = 'disabled-key';

/** A JSON response as tests look at it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** A real server on an ephemeral port over the demo snapshot. */
export interface TestServer {
  url: string;
  key: string;
  engine: Engine;
  server: RunningServer;
  /**
   * GET `path` (with its query) sending `key` in X-Api-Key (default TEST_KEY; null sends none).
   * Every answer is checked against the server's /openapi.json (openapi-contract.ts) and a
   * disagreement fails the test; `contract: false` only for deliberately non-API URLs (pages, assets).
   */
  get(path: string, options?: { key?: string | null; method?: string; headers?: Record<string, string>; contract?: boolean }): Promise<TestResponse>;
  close(): Promise<void>;
}

let demoFile: Promise<string> | undefined;
let demo: Promise<Engine> | undefined;

/**
 * Path of the demo snapshot: the file the global setup built when there is one, else built
 * here, once per test file, with `buildSnapshot({ demo: true, quiet: true })`.
 */
export function demoSnapshotFile(): Promise<string> {
  return (demoFile ??= (async () => {
    const file = inject('demoSnapshot') as string | undefined;
    if (file && existsSync(file)) return file;
    const { buildSnapshot } = await import('@transit/builder');
    const { bytes } = await buildSnapshot({ demo: true, quiet: true });
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'transit-server-test-')), 'demo.snap');
    writeFileSync(out, bytes);
    return out;
  })());
}

/** The demo snapshot opened as the server opens it. */
export function demoSnapshotEngine(): Promise<Engine> {
  return (demo ??= demoSnapshotFile().then((file) => Engine.open(readSnapshot(file))));
}

/** Starts the real server (uWebSockets.js, port 0) over the demo snapshot with the test keys. */
export async function startTestServer(options: { endpoints?: readonly Endpoint[]; log?: (line: string) => void; live?: LiveState } = {}): Promise<TestServer> {
  const engine = await demoSnapshotEngine();
  const keys = new ApiKeys(toKeyRecords([{ key: TEST_KEY, tier: 'unlimited', name: 'test' }, { key: DISABLED_KEY, enabled: false, name: 'disabled' }]));
  const server = await startServer({ engine, keys, port: 0, host: '127.0.0.1', ...options });
  const get: TestServer['get'] = async (path, opts = {}) => {
    const key = opts.key === undefined ? TEST_KEY : opts.key;
    const headers: Record<string, string> = { ...(key !== null ? { 'X-Api-Key': key } : {}), ...opts.headers };
    const res = await fetch(server.url + path, { method: opts.method ?? 'GET', headers });
    const text = await res.text();
    if (opts.contract !== false) await checkAnswer(server.url + path, opts.method ?? 'GET', res.status, res.headers, text);
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  return { url: server.url, key: TEST_KEY, engine, server, get, close: () => server.close() };
}
