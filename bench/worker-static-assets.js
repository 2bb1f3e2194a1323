// Static files (Swagger UI, the explorer) with worker threads: resident memory of `transit serve
// --workers N` and the latency of the first requests for the largest file, brotli-encoded
// (/docs/swagger-ui-bundle.js, ~1.5 MB), each on a new connection so every worker answers some.
// When each worker reads and compresses the files itself, its first answer pays a brotli
// compression and each worker holds its own copies; loaded and compressed once in the main
// thread and shared (a SharedArrayBuffer), no worker compresses and one copy serves all.
// Usage: node bench/worker-static-assets.js [--workers 2,4] [--runs 3]
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { ensureSnapshot } from './snapshots.js';
import { rssMiB, startCli } from './http-common.js';

const arg = (name, dflt) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : dflt);
const counts = arg('workers', '2,4').split(',').map(Number);
const runs = Number(arg('runs', '3'));
const FILE = '/docs/swagger-ui-bundle.js';
const target = await ensureSnapshot('demo', { demo: true });

/** One GET on a new connection; resolves with ms to the last byte and the body length. */
function timedGet(url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url + FILE, { agent: false, headers: { 'Accept-Encoding': 'br', Connection: 'close' } }, (res) => {
        let bytes = 0;
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => resolve({ ms: performance.now() - t0, bytes, encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const n of counts) {
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const { proc, url } = await startCli(target.file, n, { LIVE_SIMULATE: 'false' });
    const startMs = performance.now() - t0;
    const rssStart = rssMiB(proc.pid);
    // 4 requests per worker, one after another: the kernel spreads new connections over the workers.
    const answers = [];
    for (let i = 0; i < 4 * n; i++) answers.push(await timedGet(url));
    if (answers.some((a) => a.encoding !== 'br')) throw new Error('expected brotli answers');
    const rssAfter = rssMiB(proc.pid);
    proc.kill('SIGTERM');
    await new Promise((resolve) => proc.on('exit', resolve));
    samples.push({ startMs, rssStart, rssAfter, first: answers[0].ms, worstFirstPerWorker: Math.max(...answers.slice(0, 2 * n).map((a) => a.ms)), warm: median(answers.slice(2 * n).map((a) => a.ms)), bytes: answers[0].bytes });
  }
  const m = (key) => median(samples.map((s) => s[key]));
  rows.push({
    workers: n,
    'start ms': m('startMs').toFixed(0),
    'RSS at ready MiB': m('rssStart').toFixed(1),
    'RSS after MiB': m('rssAfter').toFixed(1),
    'first request ms': m('first').toFixed(1),
    [`worst of first ${2 * n} ms`]: m('worstFirstPerWorker').toFixed(1),
    'warm median ms': m('warm').toFixed(1),
    'br bytes': m('bytes'),
  });
}
console.log(`${FILE}, brotli, medians of ${runs} runs; node ${process.version}`);
console.table(rows);
writeFileSync(new URL('./worker-static-assets.json', import.meta.url), JSON.stringify(rows, null, 2));
