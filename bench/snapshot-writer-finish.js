// What a streaming SnapshotWriter's finish() costs: moving a national-size body (66 sections of
// 10 MiB, 660 MiB) behind its header (3,000 agencies) in a temp file. Prints wall and CPU ms.
// Usage: node bench/snapshot-writer-finish.js [--dir DIR]   (default os.tmpdir())
import { openSync, closeSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SnapshotWriter } from '@transit/builder';

const i = process.argv.indexOf('--dir');
const file = path.join(i > 0 ? process.argv[i + 1] : os.tmpdir(), `snapshot-writer-finish-${process.pid}.bin`);
const fd = openSync(file, 'w+');
try {
  const w = SnapshotWriter.streamingTo(fd);
  const part = new Uint8Array(10 << 20).fill(7);
  for (let s = 0; s < 66; s++) w.add(`s.${s}`, part);
  const agencies = Array.from({ length: 3000 }, (_, a) => ({ id: `a${a}`, name: 'Agency name', noc: 'NOC', url: 'https://example.org' }));
  const header = { schemaVersion: 1, builderVersion: '', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const bytes = w.finish(header);
  const cpu = process.cpuUsage(cpu0);
  console.log(JSON.stringify({ bytes, wallMs: Math.round(performance.now() - t0), userMs: Math.round(cpu.user / 1000), sysMs: Math.round(cpu.system / 1000) }));
} finally {
  closeSync(fd);
  rmSync(file, { force: true });
}
