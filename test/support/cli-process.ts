import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshot } from '@transit/builder';
import { READY_LINE } from '@transit/cli';
import { inject } from 'vitest';
import { runTracked, spawnTracked, type ProcessResult, type TrackedProcess } from './processes.js';

/** The built `transit` command (tests run after `npm run build`). */
export const TRANSIT_BIN = fileURLToPath(new URL('../../packages/cli/bin/transit.js', import.meta.url));

/** `transit ARGS` as a real child process run to its end, without blocking this process's event loop. */
export function runTransit(args: string[], env: Record<string, string> = {}): Promise<ProcessResult> {
  return runTracked(process.execPath, [TRANSIT_BIN, ...args], { env: { ...process.env, ...env } });
}

/** `transit serve` running as a real child process (tracked: see processes.ts). */
export interface ServeProcess extends TrackedProcess {
  url: string;
}

/**
 * Starts `transit serve ARGS` with extra environment and waits for its ready line, which it
 * prints only once it listens and its signal handlers (SIGHUP, SIGTERM) are installed.
 */
export async function startServeProcess(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  const p = spawnTracked(process.execPath, [TRANSIT_BIN, 'serve', ...args], { env: { ...process.env, ...env } });
  await p.waitFor(READY_LINE);
  const url = /Serving UK transit API on (http:\S+) /.exec(p.output());
  if (!url) throw new Error(`no URL in the start-up lines:\n${p.output()}`);
  return { ...p, url: url[1] };
}

/** Sends `signal` and waits for `text` in what the process prints after it. */
export async function signalAndWait(p: TrackedProcess, signal: NodeJS.Signals, text: RegExp | string): Promise<void> {
  const from = p.output().length;
  p.proc.kill(signal);
  await p.waitFor(text, { from });
}

/** The demo snapshot built into a new temporary folder named `prefix...`: the folder, the file and its bytes. */
export async function demoSnapshotDir(prefix: string): Promise<{ dir: string; snapshot: string; bytes: Uint8Array }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const bytes = (await buildSnapshot({ demo: true, quiet: true })).bytes;
  const snapshot = path.join(dir, 'demo.snap');
  writeFileSync(snapshot, bytes);
  return { dir, snapshot, bytes };
}

/** An answer of getOnNewConnection. */
export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One GET with `key` as X-Api-Key on a new connection (no keep-alive), so successive requests
 * may reach either worker thread of a `transit serve --workers N`.
 */
export function getOnNewConnection(url: string, key: string): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { 'X-Api-Key': key, Connection: 'close' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

/** getOnNewConnection with the body parsed when it is a JSON object. */
export async function getJson(url: string, key: string): Promise<{ status: number; body: any }> {
  const { status, text } = await getOnNewConnection(url, key);
  return { status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/** `count` requests made one after another (each on its own connection: spread over the threads). */
export async function spread<T>(count: number, request: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(await request());
  return out;
}

/** The cluster fixture (test/support/fixtures/cluster/start-cluster.mjs) run to its end over the demo snapshot, doing `step` (see the script). */
export function runStartCluster(step: string): Promise<ProcessResult> {
  const script = fileURLToPath(new URL('fixtures/cluster/start-cluster.mjs', import.meta.url));
  return runTracked(process.execPath, [script], { env: { ...process.env, SNAPSHOT: inject('demoSnapshot'), STEP: step } });
}
