// Runs one real-data suite on its own (`node bench/suites/NAME.js`): its info, then a table of its tasks.
import { Bench } from 'tinybench';

/**
 * When `moduleUrl` is the script node was started with, runs `suite()` (null: the data is absent) and
 * prints its tasks' median and p99 in milliseconds.
 */
export async function runAlone(moduleUrl, label, suite, { time = 2000, warmupTime = 300, digits = 4 } = {}) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const s = await suite();
  if (!s) {
    console.log(`${label} bench skipped: ../shared/data is absent`);
    return;
  }
  console.log(JSON.stringify(s.info));
  let sink = 0;
  const bench = new Bench({ time, warmupTime });
  for (const [name, fn] of s.tasks) bench.add(name, () => { sink += fn(); });
  await bench.run();
  console.table(bench.tasks.map((t) => ({ name: t.name, 'median ms': t.result.latency.p50.toFixed(digits), 'p99 ms': t.result.latency.p99.toFixed(digits), samples: t.result.latency.samples?.length })));
  console.log(`sink ${sink > 0}, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB, node ${process.version}`);
}
