// FEATURE UNDER TEST: the builder's CSV splitter (source/csv-records.ts) reads exactly what
// csv-parse reads (with the options the builder used before: bom, relax_quotes,
// relax_column_count, skip_empty_lines), on seeded random files cut into random chunks and on
// every file of every real GTFS feed.
import { Readable } from 'node:stream';
import path from 'node:path';
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRecordBatches } from '../../packages/builder/src/source/csv-records.js';
import { HAVE_DATA, gtfsFeeds } from '../support/data.js';
import { mulberry32 } from '../support/board-compare.js';

const reference = (bytes: Buffer): string[][] => parse(bytes, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });

async function split(bytes: Buffer, chunkSizes: () => number): Promise<string[][]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, chunkSizes());
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  const out: string[][] = [];
  for await (const batch of csvRecordBatches(Readable.from(chunks))) out.push(...batch);
  return out;
}

/** A random CSV text: plain, quoted (with commas, "" and line breaks), empty and non-ASCII fields, CRLF or LF. */
function randomCsv(rand: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const plain = ['', 'a', '12:00:00', 'Stop 1', 'Gwasanaeth Caerdydd', 'Łódź', 'café', '1000', 'x y'];
  const quoted = ['"a,b"', '"say ""hi"""', '"line\nbreak"', '"crlf\r\ninside"', '""', '"é,ö"'];
  const eol = rand() < 0.5 ? '\n' : '\r\n';
  const lines: string[] = [];
  const cols = 1 + Math.floor(rand() * 6);
  for (let l = 0; l < 1 + Math.floor(rand() * 40); l++) {
    if (rand() < 0.05) {
      lines.push(''); // an empty line
      continue;
    }
    const n = rand() < 0.1 ? cols + 1 : cols; // ragged rows
    lines.push(Array.from({ length: n }, () => (rand() < 0.25 ? pick(quoted) : pick(plain))).join(','));
  }
  const body = lines.join(eol) + (rand() < 0.7 ? eol : '');
  return (rand() < 0.2 ? '\ufeff' : '') + body;
}

describe('CSV records', () => {
  it('equal csv-parse on 2,000 seeded random files cut at random byte boundaries', async () => {
    const rand = mulberry32(42);
    for (let i = 0; i < 2000; i++) {
      const text = randomCsv(rand);
      const bytes = Buffer.from(text, 'utf8');
      const want = reference(bytes);
      const got = await split(bytes, () => 1 + Math.floor(rand() * (rand() < 0.5 ? 4 : 64)));
      expect(got, JSON.stringify(text)).toEqual(want);
    }
  });

  it('keep a multi-byte character cut between two chunks whole', async () => {
    const bytes = Buffer.from('name\nŁódź Fabryczna\n', 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      let first = true;
      expect(await split(bytes, () => (first ? ((first = false), cut) : 1_000))).toEqual([['name'], ['Łódź Fabryczna']]);
    }
  });

  it('decode an invalid UTF-8 sequence before a comma as each field alone would', async () => {
    const bytes = Buffer.from([0x61, 0xc3, 0x2c, 0x62, 0xe2, 0x82, 0x2c, 0xf0, 0x9f, 0x98, 0x80, 0x0a]);
    const fields = [bytes.subarray(0, 2), bytes.subarray(3, 6), bytes.subarray(7, 11)].map((b) => b.toString('utf8'));
    expect(fields).toEqual(['a\ufffd', 'b\ufffd', '😀']);
    expect(await split(bytes, () => 1_000)).toEqual([fields]);
  });

  it.skipIf(!HAVE_DATA)('equal csv-parse on every file of every real GTFS feed (its first 8 MB)', async () => {
    let rows = 0;
    for (const zip of gtfsFeeds()) {
      for (const [name, whole] of await zipFiles(zip)) {
        // The whole lines in the first 8 MB of each file (csv-parse refuses a quote cut open).
        const bytes = whole.length <= 8 << 20 ? whole : whole.subarray(0, whole.lastIndexOf(10, 8 << 20) + 1);
        const got = await split(bytes, () => 65_536);
        const want = reference(bytes);
        expect(got.length, `${path.basename(zip)}:${name}`).toBe(want.length);
        for (let i = 0; i < want.length; i++) if (got[i].join('\u0000') !== want[i].join('\u0000')) expect(got[i], `${path.basename(zip)}:${name} record ${i}`).toEqual(want[i]);
        rows += want.length;
      }
    }
    expect(rows).toBeGreaterThan(1_000_000);
  }, 300_000);
});

/** Every .txt file of a zip, whole. */
function zipFiles(file: string): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    const files: [string, Buffer][] = [];
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('.txt')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.push([path.posix.basename(entry.fileName), Buffer.concat(parts)]);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
