// FEATURE UNDER TEST: stop_times.txt parsed on a worker thread (gtfs/stop-times-thread.ts, gtfs/stop-times-worker.ts): the rows reach the store in file order, with the issues of one thread; a worker that throws, fails or exits fails the parse with a clear message instead of a wait without end, and a failed parse leaves no file open.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { newDataset } from '../../packages/builder/src/compile/compile-snapshot.js';
import { parseGtfs } from '../../packages/builder/src/gtfs/parse-gtfs.js';
import { openSource } from '../../packages/builder/src/source/feed-source.js';
import { smallFeed } from '../support/small-feed.js';
import { openFilesUnder } from '../support/open-files.js';

const TRIPS = 120;
const STOPS = 25;
const time = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** 120 trips over 25 stops, their rows interleaved (seeded), with unknown trips and stops and bad rows among them. */
function feed(): string {
  const rows: string[] = [];
  for (let t = 0; t < TRIPS; t++) for (let k = 0; k < STOPS; k++) rows.push(`T${t},${k + 1},S${(t + k) % STOPS},${time(21_600 + t * 60 + k * 90)},${time(21_630 + t * 60 + k * 90)}`);
  let seed = 11;
  for (let i = rows.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  rows.splice(5, 0, 'GHOST,1,S1,08:00:00,08:00:00', 'T1,99,NOWHERE,08:00:00,08:00:00', 'T2,x,S1,08:00:00,08:00:00', '"T3","77","S2","08:00:00","07:00:00"');
  return smallFeed({
    stops: Array.from({ length: STOPS }, (_, s) => `S${s},Stop ${s},53.${String(s).padStart(3, '0')},-1.0`),
    trips: Array.from({ length: TRIPS }, (_, t) => `R,WK,T${t}`),
    stopTimes: rows,
  });
}

/** Parses the feed folder: the store's rows in push order, and the issues. */
async function parse(dir: string, options: { stopTimesThreadBytes?: number; stopTimesWorkerEntry?: URL; strict?: boolean } = {}) {
  const source = await openSource(dir);
  const ds = newDataset({ strict: options.strict });
  try {
    await parseGtfs({ ds, tt: ds.timetable, source, feed: '0', ...options });
    const st = ds.timetable.st.bufferedRows();
    return { rows: [st.trip, st.stop, st.seq, st.arr, st.dep, st.flags].map((c) => Array.from(c)), issues: ds.issues.kept };
  } finally {
    source.close();
    ds.timetable.releaseStopTimes();
  }
}

// Worker scripts that fail: the vitest timeout is what a wait without end would hit.
const script = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

describe('stop_times on a worker thread', () => {
  const dir = feed();

  it('hands the rows over in file order, with the issues of one thread', async () => {
    const one = await parse(dir, { stopTimesThreadBytes: Infinity });
    const worker = await parse(dir, { stopTimesThreadBytes: 0 });
    expect(one.rows[0].length).toBe(TRIPS * STOPS + 1); // the quoted row departing before it arrives is kept, repaired
    expect(one.issues.map((i) => i.code)).toEqual(['unknown_trip', 'unknown_stop', 'bad_sequence', 'departure_before_arrival']);
    expect(worker).toEqual(one);
  });

  it('fails with the worker\'s error, where it stopped', async () => {
    const fails = script(`const { parentPort } = await import('node:worker_threads');
      parentPort.on('message', () => parentPort.postMessage({ error: { name: 'Error', message: 'out of sorts' }, lines: 41 }));`);
    await expect(parse(dir, { stopTimesThreadBytes: 0, stopTimesWorkerEntry: fails })).rejects.toThrow('stop_times.txt: unreadable CSV near line 42: out of sorts');
  });

  it('fails when the worker thread throws or exits before the end of the file', async () => {
    await expect(parse(dir, { stopTimesThreadBytes: 0, stopTimesWorkerEntry: script('throw new RangeError("no memory left")') })).rejects.toThrow('stop_times.txt: the stop_times worker thread failed: no memory left');
    await expect(parse(dir, { stopTimesThreadBytes: 0, stopTimesWorkerEntry: script('process.exit(3)') })).rejects.toThrow('stop_times.txt: the stop_times worker thread exited (code 3) before the end of the file');
    expect(openFilesUnder(dir) ?? []).toEqual([]);
  });

  it('closes the file when the worker thread cannot start', async () => {
    // From 1 byte: the first chunk is read (the file open) before the thread is started.
    await expect(parse(dir, { stopTimesThreadBytes: 1, stopTimesWorkerEntry: 'not-a-path.js' as unknown as URL })).rejects.toThrow(/not-a-path\.js/);
    expect(openFilesUnder(dir) ?? []).toEqual([]);
  });

  it('refuses a threshold that is not a byte count, before opening the file', async () => {
    for (const bad of [NaN, -1]) {
      await expect(parse(dir, { stopTimesThreadBytes: bad })).rejects.toThrow(`stopTimesThreadBytes must be a number of bytes from 0 (or Infinity: never a worker thread); it is ${bad}`);
    }
    expect(openFilesUnder(dir) ?? []).toEqual([]);
  });

  it('stops the worker and closes the file when an issue is fatal (--strict)', async () => {
    await expect(parse(dir, { stopTimesThreadBytes: 0, strict: true })).rejects.toThrow(/unknown_trip/);
    expect(openFilesUnder(dir) ?? []).toEqual([]);
  });

  it('says an empty stop_times.txt has no header row', async () => {
    const empty = smallFeed({ stopTimes: [] });
    writeFileSync(path.join(empty, 'stop_times.txt'), '');
    await expect(parse(empty, { stopTimesThreadBytes: 0 })).rejects.toThrow('stop_times.txt is empty (no header row).');
    await expect(parse(empty, { stopTimesThreadBytes: Infinity })).rejects.toThrow('stop_times.txt is empty (no header row).');
  });
});
