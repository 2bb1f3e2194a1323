// FEATURE UNDER TEST: static files read and compressed once (in the main thread) and shared with
// the serving workers through one SharedArrayBuffer: the shared copy answers exactly as the
// original (bodies, brotli, gzip, ETags, 304), its bytes are views of the one buffer (a worker
// compresses nothing), and `transit serve --workers 2` (a real process) serves them from both
// workers, with the demo key in the map page.
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildSnapshot } from '@transit/builder';
import { StaticAssets, loadStaticAssets } from '../../packages/server/src/http/static-assets.js';
import { startServeProcess } from '../support/cli-process.js';

const SWAGGER = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), 'swagger-ui-bundle.js'));
const PATHS = ['/', '/docs', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/docs/favicon-32x32.png'];
const req = (path: string, acceptEncoding: string, ifNoneMatch = '') => ({ method: 'get', path, acceptEncoding, ifNoneMatch, requestId: 'r1' });

describe('StaticAssets shared between threads', () => {
  it('answers from the shared buffer exactly as the original, compressing nothing', async () => {
    // The original compresses on first use (as one thread serving does); the shared copy was compressed before packing.
    const original = loadStaticAssets({ demoKey: 'demo-key-1' });
    const shared = (await loadStaticAssets({ demoKey: 'demo-key-1' }).precompress()).toShared();
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    // As a worker receives it (workerData is a structured clone: the same memory, a new object).
    const received = structuredClone(shared);
    const copy = StaticAssets.fromShared(received);
    for (const p of PATHS) {
      for (const coding of ['br', 'gzip', 'identity']) {
        const a = original.handle(req(p, coding));
        const b = copy.handle(req(p, coding));
        expect(b.status).toBe(200);
        expect(b.headers).toEqual(a.headers);
        expect(Buffer.from(b.body as Buffer).equals(a.body as Buffer)).toBe(true);
        // Every body is a view of the one shared buffer: nothing was copied or compressed here.
        expect((b.body as Buffer).buffer).toBe(received.buffer);
      }
      const etag = copy.handle(req(p, 'br')).headers.find(([h]) => h === 'ETag')![1];
      expect(copy.handle(req(p, 'br', etag)).status).toBe(304);
    }
    expect(String(copy.handle(req('/', 'identity')).body)).toContain('content="demo-key-1"');
    expect(copy.handle(req('/docs/nope.js', 'br')).status).toBe(404);
  });

  it('packs each compressed copy once: the buffer holds every body and its br and gzip copies', async () => {
    const shared = (await loadStaticAssets().precompress()).toShared();
    const total = shared.files.reduce((n, f) => n + f.body[1] + (f.br?.[1] ?? 0) + (f.gzip?.[1] ?? 0), 0);
    expect(shared.buffer.byteLength).toBe(total);
    const bundle = shared.files.find((f) => f.urlPath === '/docs/swagger-ui-bundle.js')!;
    expect(bundle.br).toBeDefined();
    expect(brotliDecompressSync(Buffer.from(shared.buffer, ...bundle.br!)).equals(SWAGGER)).toBe(true);
    // Images are not compressed.
    expect(shared.files.find((f) => f.urlPath === '/docs/favicon-32x32.png')!.br).toBeUndefined();
  });
});

describe('transit serve --workers 2: static files', () => {
  let snapshot: string;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'static-shared-'));
    snapshot = path.join(dir, 'demo.snap');
    writeFileSync(snapshot, (await buildSnapshot({ demo: true, quiet: true })).bytes);
  });

  it('serves the shared, precompressed files from every worker', async () => {
    const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', '2'], { API_KEYS: 'k:free' });
    const get = (p: string) =>
      new Promise<{ status: number; etag: string; encoding: string; body: Buffer }>((resolve, reject) => {
        http
          .get(running.url + p, { agent: false, headers: { 'Accept-Encoding': 'br', Connection: 'close' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => resolve({ status: res.statusCode!, etag: String(res.headers.etag), encoding: String(res.headers['content-encoding']), body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await get('/docs/swagger-ui-bundle.js'));
    for (const a of answers) {
      expect(a).toMatchObject({ status: 200, encoding: 'br', etag: answers[0].etag });
      expect(brotliDecompressSync(a.body).equals(SWAGGER)).toBe(true);
    }
    const page = await get('/');
    expect(page.status).toBe(200);
    running.proc.kill('SIGTERM');
    await running.exited;
  }, 120_000);
});
