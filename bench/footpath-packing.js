// Footpaths of snapshots as `transfers.packed` codes them (issue 16 item 3): how far a footpath's
// target is from its stop in index (NaPTAN order keeps neighbours near), the bytes a footpath
// takes packed (and its targets and metres apart), and the CPU of decoding them at open.
// Reads only the `transfers.*` sections (not the whole file), so a national snapshot needs about
// 10 bytes a footpath of memory. Older snapshots (plain `transfers.stops` / `.metres`) are packed
// here as the builder would pack them.
// --open: also the CPU of Engine.open(bytes, { share: true }) on the whole file, min and median of
// the rounds (the open a server's main thread does: it decodes the footpaths for its workers).
// Usage: node bench/footpath-packing.js FILE.snap ... [--rounds 7] [--open]
// ENGINE=/path/to/engine/dist, BUILDER=/path/to/builder/dist: other builds (default this checkout's).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = process.env.ENGINE ?? path.join(ROOT, 'packages/engine/dist');
const BUILDER = process.env.BUILDER ?? path.join(ROOT, 'packages/builder/dist');
const load = (dir, file) => import(pathToFileURL(path.join(dir, file)).href);
const { decodeHeader } = await load(ENGINE, 'snapshot/header.js');
const { unpackFootpaths } = await load(ENGINE, 'planner/packed-footpaths.js');
const { packFootpaths } = await load(BUILDER, 'compile/compile-transfers.js');

const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 7;
const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--rounds');
const { Engine } = process.argv.includes('--open') ? await load(ENGINE, 'index.js') : {};
const WIDTH = { 1: 1, 2: 2, 3: 4, 4: 4, 5: 4, 6: 8 };
const TYPE = { 1: Uint8Array, 2: Uint16Array, 3: Uint32Array };

/** The named sections of a snapshot file, read from their offsets (null when absent). */
function sections(file, names) {
  const fd = openSync(file, 'r');
  const pre = Buffer.alloc(16);
  readSync(fd, pre, 0, 16, 0);
  const headerBytes = Buffer.alloc(pre.readUInt32LE(12));
  readSync(fd, headerBytes, 0, headerBytes.length, 16);
  const header = decodeHeader(new Uint8Array(headerBytes.buffer, headerBytes.byteOffset, headerBytes.length));
  const out = {};
  for (const name of names) {
    const s = header.sections.find((x) => x.name === name);
    if (!s) continue;
    const bytes = new Uint8Array(s.length * WIDTH[s.dtype]);
    for (let at = 0; at < bytes.length; ) at += readSync(fd, bytes, at, Math.min(1 << 30, bytes.length - at), s.byteOffset + at);
    out[name] = new TYPE[s.dtype](bytes.buffer);
  }
  closeSync(fd);
  const stopTimes = header.sections.find((x) => x.name === 'times.values')?.length ?? null;
  return { out, stopTimes };
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

for (const file of files) {
  const { out } = sections(file, ['transfers.offsets', 'transfers.stops', 'transfers.metres', 'transfers.packed']);
  const offsets = out['transfers.offsets'];
  const stored = out['transfers.packed'];
  const plain = stored ? unpackFootpaths(offsets, stored, false) : { stops: out['transfers.stops'], metres: Uint16Array.from(out['transfers.metres']) };
  const { stops, metres } = plain;
  const n = offsets.length - 1;
  const buckets = [16, 128, 1024, 8192, 32768, 1 << 20, Infinity];
  const counts = buckets.map(() => 0);
  let i8 = 0, i16 = 0, withFootpaths = 0;
  for (let s = 0; s < n; s++) {
    if (offsets[s + 1] > offsets[s]) withFootpaths++;
    for (let e = offsets[s]; e < offsets[s + 1]; e++) {
      const d = stops[e] - s;
      if (d >= -128 && d < 128) i8++;
      if (d >= -32768 && d < 32768) i16++;
      counts[buckets.findIndex((b) => Math.abs(d) < b)]++;
    }
  }
  const packed = packFootpaths(offsets, stops, metres);
  const targetsOnly = packFootpaths(offsets, stops, new Uint16Array(stops.length)).length; // metres all 0: one bit each
  const decode = [];
  for (let r = 0; r < rounds; r++) {
    const c = cpuMs();
    unpackFootpaths(offsets, packed, false);
    decode.push(cpuMs() - c);
  }
  decode.sort((a, b) => a - b);
  const open = Engine ? openCpuMs(file) : null;
  const F = stops.length;
  const share = (k) => +(k / F).toFixed(4);
  console.log(JSON.stringify({
    file: path.basename(path.dirname(file)) + '/' + path.basename(file),
    stored: stored ? 'transfers.packed' : 'transfers.stops + .metres',
    stops: n,
    footpaths: F,
    perStopWithFootpaths: +(F / withFootpaths).toFixed(1),
    targetMinusStopAbs: Object.fromEntries(buckets.map((b, i) => [i ? `[${buckets[i - 1]}, ${b})` : `[0, ${b})`, share(counts[i])])),
    i8: share(i8),
    i16: share(i16),
    longestMetres: metres.reduce((a, b) => Math.max(a, b), 0),
    plainBytes: F * 6,
    packedBytes: packed.length,
    packedBytesPerFootpath: +(packed.length / F).toFixed(3),
    targetsAboutBytesPerFootpath: +((targetsOnly - F / 8) / F).toFixed(3),
    metresAboutBytesPerFootpath: +((packed.length - targetsOnly + F / 8) / F).toFixed(3),
    storedIsWhatTheBuilderPacks: stored ? Buffer.from(stored).equals(Buffer.from(packed)) : null,
    decodeCpuMs: { min: +decode[0].toFixed(1), median: +decode[decode.length >> 1].toFixed(1) },
    ...(open && { shareOpenCpuMs: open }),
  }));
}

/** CPU of Engine.open with `share` on the whole file in shared memory, min and median of the rounds. */
function openCpuMs(file) {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  for (let at = 0; at < size; ) at += readSync(fd, bytes, at, Math.min(1 << 30, size - at), at);
  closeSync(fd);
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const c = cpuMs();
    Engine.open(bytes.buffer, { share: true });
    times.push(cpuMs() - c);
  }
  times.sort((a, b) => a - b);
  return { min: +times[0].toFixed(1), median: +times[times.length >> 1].toFixed(1) };
}
