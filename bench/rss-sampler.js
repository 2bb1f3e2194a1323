// Where a build peaks between its logged phases: preload with
//   TRANSIT_BUILD_MEMORY=1 NODE_OPTIONS=--import=./bench/rss-sampler.js node bench/build-national.js --tiles 8
// A worker reads the process's RSS every 2 ms (the main thread may be busy in one long synchronous
// compile step); at exit each process prints its peak per 250 ms since it started, in MiB, on stderr.
import { Worker } from 'node:worker_threads';

const BUCKET_MS = 250;
const peaks = new Float64Array(new SharedArrayBuffer(8 * 4096));
const started = Date.now();
new Worker(
  `const { workerData } = require('node:worker_threads');
  const peaks = new Float64Array(workerData.buffer);
  setInterval(() => {
    const at = Math.min(peaks.length - 1, Math.floor((Date.now() - workerData.started) / ${BUCKET_MS}));
    peaks[at] = Math.max(peaks[at], process.memoryUsage.rss());
  }, 2);`,
  { eval: true, workerData: { buffer: peaks.buffer, started } },
).unref();

process.on('exit', () => {
  const rows = [];
  peaks.forEach((rss, i) => rss && rows.push(`${((i * BUCKET_MS) / 1000).toFixed(2)}s ${Math.round(rss / 1048576)}`));
  process.stderr.write(`rss peak per ${BUCKET_MS} ms: ${rows.join(' | ')}\n`);
});
