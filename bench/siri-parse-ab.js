// SIRI-VM parse CPU of two (or more) builds of the feeds package, alternating one call of each in
// one process: node bench/siri-parse-ab.js FILE ROUNDS DIST_A [DIST_B ...] [--scan]
// FILE: a SIRI-VM document (bench/national-fleet.js --tiles 8 --save FILE writes the 28,000-activity
// national one). DIST: a feeds dist folder (e.g. packages/feeds/dist-base, a copy of an earlier build,
// and packages/feeds/dist). --scan times the scanner alone (scanSiriVm, no records). Three warm-up
// rounds, then prints CPU ms per call (min, median, max) per build; throws when the builds disagree
// on the record (or activity) count.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const scanOnly = process.argv.includes('--scan');
const [file, roundsArg, ...dists] = process.argv.slice(2).filter((a) => a !== '--scan');
if (!file || !dists.length) throw new Error('usage: node bench/siri-parse-ab.js FILE ROUNDS DIST_A [DIST_B ...] [--scan]');
const bytes = readFileSync(file);
const xml = new TextDecoder().decode(bytes).trim();
const url = (dist, rel) => pathToFileURL(path.resolve(dist, rel)).href;
const calls = await Promise.all(dists.map(async (d) => {
  if (!scanOnly) {
    const { parseSiriVm } = await import(url(d, 'index.js'));
    return () => parseSiriVm(bytes).records.length;
  }
  const { scanSiriVm } = await import(url(d, 'siri-vm/siri-vm-scan.js'));
  return () => {
    let n = 0;
    scanSiriVm(xml, () => n++);
    return n;
  };
}));
const ms = dists.map(() => []);
let count = null;
for (let r = 0; r < 3 + Number(roundsArg); r++) {
  calls.forEach((call, k) => {
    const t = process.cpuUsage();
    const n = call();
    const c = process.cpuUsage(t);
    if (count !== null && n !== count) throw new Error(`${dists[k]}: ${n} ${scanOnly ? 'activities' : 'records'}, not ${count}`);
    count = n;
    if (r >= 3) ms[k].push((c.user + c.system) / 1000);
  });
}
dists.forEach((d, k) => {
  const s = ms[k].sort((a, b) => a - b);
  console.log(`${d}: ${count} ${scanOnly ? 'activities' : 'records'}, CPU ms per call min ${s[0].toFixed(0)} median ${s[s.length >> 1].toFixed(0)} max ${s[s.length - 1].toFixed(0)} (${s.length} calls)`);
});
