// A national-size test feed made from the real feeds of ../shared/data: GTFS feeds tiled onto a
// grid over Great Britain (tiles do not overlap; every id prefixed per tile; calendars kept),
// plus NaPTAN-like stops and postcodes tiled the same way from the real South Yorkshire files.
// It streams every file row by row (zip entry -> csv-parse -> write stream): no feed is held in
// memory, so 200 tiles (~100M stop times) need no more memory than one.
//
// Usage: node bench/national-feed.js --tiles N [--out DIR] [--feeds newport,vilnius,...]
//                                    [--naptan-tiles K] [--postcode-tiles K] [--reuse-gtfs]
// Writes DIR/gtfs/*.txt (one merged GTFS folder for `transit build --gtfs DIR/gtfs`),
// DIR/naptan/Stops.csv, DIR/postcodes/postcodes.csv and DIR/tiles.json (where each tile went).
import { createReadStream, createWriteStream, existsSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yauzl from 'yauzl';
import { parse } from 'csv-parse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA = path.resolve(ROOT, '../shared/data');

/** The real feeds a tile can be made of. Tile 0 is always the first listed feed, in place. */
export const FEEDS = {
  newport: 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip',
  vilnius: 'gtfs/vilnius_2015-09-01/gtfs.zip',
  southampton: 'gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip',
  wales: 'gtfs/wales_traveline_2018-09-19/GTFS.zip',
  newport2024: 'gtfs/newport_wales_bods_2024-03-05/other_modalities.zip',
};

/** Great Britain's box the grid covers: [minLat, minLon, maxLat, maxLon]. */
const GB = [50.0, -5.8, 58.6, 1.7];
/** Every file of a feed that is copied; others are left out. */
const GTFS_FILES = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt', 'shapes.txt', 'frequencies.txt', 'transfers.txt', 'feed_info.txt'];
/** Columns ending in `_id` that are not ids. */
const NOT_IDS = new Set(['direction_id']);
/** Ids without the suffix: each tile's operators are operators of their own (lines merge by NOC). */
const IDS = new Set(['parent_station', 'agency_noc']);

/** `N007` for tile 7: fixed width, letters and digits only (ATCO-code safe), up to 999 tiles. */
export const tilePrefix = (k) => `N${String(k).padStart(3, '0')}`;

const isId = (col) => IDS.has(col) || (col.endsWith('_id') && !NOT_IDS.has(col));

/** Opens one entry of a zip as a byte stream, or null when the zip has no such file. */
async function openEntry(zipFile, name) {
  const zip = await new Promise((resolve, reject) => yauzl.open(zipFile, { lazyEntries: true, autoClose: false }, (e, z) => (e ? reject(e) : resolve(z))));
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry) => {
      if (path.posix.basename(entry.fileName) !== name) return zip.readEntry();
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        stream.on('end', () => zip.close());
        resolve(stream);
      });
    });
    zip.on('end', () => {
      zip.close();
      resolve(null);
    });
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Streams a CSV entry's records (header first); nothing when the zip lacks the file. */
async function* records(zipFile, name) {
  const stream = await openEntry(zipFile, name);
  if (!stream) return;
  yield* stream.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }));
}

const quote = (v) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A CSV file written with back-pressure. */
class CsvOut {
  constructor(file, header) {
    this.stream = createWriteStream(file);
    this.header = header;
    this.buffer = header.map(quote).join(',') + '\n';
    this.rows = 0;
  }
  async write(values) {
    this.buffer += values.map(quote).join(',') + '\n';
    this.rows++;
    if (this.buffer.length > 1 << 16) await this.flush();
  }
  async flush() {
    if (!this.stream.write(this.buffer)) await once(this.stream, 'drain');
    this.buffer = '';
  }
  async close() {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

/**
 * The box of a feed's core: its stops' middle half in each axis, widened by half its span on
 * each side (one pass over stops.txt, coordinates only). Far-flung stops (a coach to London)
 * must not make a tile the size of GB; they land outside their cell, which is harmless here.
 */
async function feedBox(zipFile) {
  const lats = [];
  const lons = [];
  let cols = null;
  for await (const r of records(zipFile, 'stops.txt')) {
    if (!cols) {
      cols = [r.indexOf('stop_lat'), r.indexOf('stop_lon')];
      continue;
    }
    const y = Number(r[cols[0]]);
    const x = Number(r[cols[1]]);
    if (!y || !x || Math.abs(y) > 90) continue;
    lats.push(y);
    lons.push(x);
  }
  const core = (v) => {
    v.sort((a, b) => a - b);
    const q1 = v[Math.floor(v.length * 0.25)];
    const q3 = v[Math.floor(v.length * 0.75)];
    return [q1 - (q3 - q1) / 2, q3 + (q3 - q1) / 2];
  };
  const [s, n] = core(lats);
  const [w, e] = core(lons);
  return [s, w, n, e];
}

const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const grow = (b, m) => [b[0] - m, b[1] - m, b[2] + m, b[3] + m];

/**
 * The grid: cell 0 is `home` (tile 0 stays where its feed is, so it equals the untiled feed
 * exactly); cells 1.. cover GB in rows, none overlapping home, as large as `count` cells allow.
 */
export function gridCells(count, home) {
  const cells = [];
  const margin = grow(home, 0.05);
  for (let size = 2; ; size *= 0.9) {
    cells.length = 0;
    cells.push(home);
    for (let y = GB[0]; y + size <= GB[2] + 1e-9; y += size) {
      for (let x = GB[1]; x + size * 1.6 <= GB[3] + 1e-9; x += size * 1.6) {
        const cell = [y, x, y + size, x + size * 1.6];
        if (!overlaps(cell, margin)) cells.push(cell);
      }
    }
    if (cells.length >= count || size < 0.01) return cells.slice(0, count);
  }
}

/** Identity for cell 0. */
const IN_PLACE = { centre: null, to: null, scale: 1, stretch: 1 };

/**
 * Moves `box` to the centre of `cell` (scaled down only when larger than 90% of the cell), with
 * longitudes stretched by the cosine ratio so local distances (footpaths, radii) are kept.
 */
export function fitTo(box, cell) {
  const cellLat = (cell[0] + cell[2]) / 2;
  const srcLat = (box[0] + box[2]) / 2;
  const stretch = Math.cos((srcLat * Math.PI) / 180) / Math.cos((cellLat * Math.PI) / 180);
  const scale = Math.min(1, ((cell[2] - cell[0]) * 0.9) / Math.max(box[2] - box[0], 1e-6), ((cell[3] - cell[1]) * 0.9) / Math.max((box[3] - box[1]) * stretch, 1e-6));
  return { centre: [srcLat, (box[1] + box[3]) / 2], to: [cellLat, (cell[1] + cell[3]) / 2], scale, stretch };
}

/** Maps a position through a placement (`fitTo` or IN_PLACE). */
export function moveTo(t, lat, lon) {
  if (!t.centre) return [lat, lon];
  return [t.to[0] + (lat - t.centre[0]) * t.scale, t.to[1] + (lon - t.centre[1]) * t.scale * t.stretch];
}

const round6 = (v) => String(Math.round(v * 1e6) / 1e6);

/** Rewrites one record of `file` for tile `k`: ids prefixed, positions moved. */
function rewrite(file, header, record, k, tile) {
  const prefix = tilePrefix(k);
  const out = new Array(header.length);
  for (let i = 0; i < header.length; i++) {
    const v = (record[i] ?? '').trim();
    out[i] = v !== '' && isId(header[i]) ? prefix + v : v;
  }
  if (file === 'agency.txt' || file === 'routes.txt') {
    const a = header.indexOf('agency_id');
    if (a >= 0 && out[a] === '') out[a] = `${prefix}agency`;
  }
  const move = (latCol, lonCol) => {
    const y = header.indexOf(latCol);
    const x = header.indexOf(lonCol);
    if (y < 0 || x < 0 || out[y] === '' || out[x] === '') return;
    const [lat, lon] = moveTo(tile, Number(out[y]), Number(out[x]));
    out[y] = round6(lat);
    out[x] = round6(lon);
  };
  if (file === 'stops.txt') move('stop_lat', 'stop_lon');
  if (file === 'shapes.txt') move('shape_pt_lat', 'shape_pt_lon');
  return out;
}

/** Columns of `file` over all feeds, in first-seen order (plus agency_id where it is filled in). */
async function unionHeader(file, zips) {
  const names = [];
  for (const zip of new Set(zips)) {
    for await (const r of records(zip, file)) {
      for (const c of r.map((v) => v.trim())) if (!names.includes(c)) names.push(c);
      break;
    }
  }
  if ((file === 'agency.txt' || file === 'routes.txt') && names.length && !names.includes('agency_id')) names.push('agency_id');
  return names;
}

/** Tiles the GTFS feeds into `dir`: one merged feed. Returns rows written per file. */
async function writeGtfs(dir, zips, tiles, log) {
  mkdirSync(dir, { recursive: true });
  const rows = {};
  for (const file of GTFS_FILES) {
    const header = await unionHeader(file, zips);
    if (!header.length) continue;
    const out = new CsvOut(path.join(dir, file), header);
    // One feed_info for the merged feed.
    const tileCount = file === 'feed_info.txt' ? 1 : tiles.length;
    for (let k = 0; k < tileCount; k++) {
      let cols = null;
      for await (const r of records(zips[k], file)) {
        if (!cols) {
          const own = r.map((v) => v.trim());
          cols = header.map((c) => own.indexOf(c));
          continue;
        }
        const record = cols.map((i) => (i < 0 ? '' : r[i]));
        await out.write(rewrite(file, header, record, k, tiles[k]));
      }
      if (file === 'stop_times.txt' && log) log(`stop_times: tile ${k + 1}/${tiles.length}, ${out.rows.toLocaleString('en-GB')} rows`);
    }
    await out.close();
    rows[file] = out.rows;
  }
  return rows;
}

/** Rows per GTFS file of a folder written before (lines less the header; the writer quotes no line breaks). */
async function countGtfsRows(dir) {
  const rows = {};
  for (const file of GTFS_FILES) {
    if (!existsSync(path.join(dir, file))) continue;
    let lines = 0;
    for await (const chunk of createReadStream(path.join(dir, file))) for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    rows[file] = lines - 1;
  }
  return rows;
}

/** Streams a plain CSV file's records (header first). */
async function* fileRecords(file) {
  yield* createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
}

/**
 * Copies a plain CSV `copies` times: copy k moved onto cells[k] (copy 0 in place), with the
 * `rename` columns rewritten per copy so no two copies share an id.
 */
async function writeTiledCsv(outFile, inFile, copies, cells, { rename, latCol, lonCol }) {
  mkdirSync(path.dirname(outFile), { recursive: true });
  let box = [90, 180, -90, -180];
  let header = null;
  for await (const r of fileRecords(inFile)) {
    if (!header) {
      header = r.map((v) => v.trim());
      continue;
    }
    const y = Number(r[header.indexOf(latCol)]);
    const x = Number(r[header.indexOf(lonCol)]);
    if (y && x) box = [Math.min(box[0], y), Math.min(box[1], x), Math.max(box[2], y), Math.max(box[3], x)];
  }
  const out = new CsvOut(outFile, header);
  const y = header.indexOf(latCol);
  const x = header.indexOf(lonCol);
  for (let k = 0; k < copies; k++) {
    const place = k === 0 ? IN_PLACE : fitTo(box, cells[k]);
    let first = true;
    for await (const r of fileRecords(inFile)) {
      if (first) {
        first = false;
        continue;
      }
      const row = header.map((_, i) => (r[i] ?? '').trim());
      if (k > 0) for (const [col, f] of Object.entries(rename)) {
        const i = header.indexOf(col);
        if (i >= 0 && row[i]) row[i] = f(k, row[i]);
      }
      if (row[y] && row[x]) {
        const [lat, lon] = moveTo(place, Number(row[y]), Number(row[x]));
        row[y] = round6(lat);
        row[x] = round6(lon);
      }
      await out.write(row);
    }
  }
  await out.close();
  return out.rows;
}

/**
 * Writes the national test feed. `feeds` names entries of FEEDS used round-robin (tile 0 is the
 * first, in place); `naptanTiles`/`postcodeTiles` copies of the South Yorkshire NaPTAN and S
 * postcodes (0 = none) on the same grid. Returns the manifest also written to DIR/tiles.json.
 */
export async function writeNationalFeed({ tiles: count, out, feeds = ['newport'], naptanTiles = 0, postcodeTiles = 0, data = DATA, log = null, reuseGtfs = false }) {
  if (!Number.isInteger(count) || count < 1 || count > 999) throw new Error(`--tiles must be 1 to 999, got ${count}`);
  if (postcodeTiles > 676) throw new Error('--postcode-tiles must be at most 676 (two-letter areas)');
  for (const f of feeds) if (!FEEDS[f]) throw new Error(`unknown feed ${f}: one of ${Object.keys(FEEDS).join(', ')}`);
  const gtfsDir = path.join(out, 'gtfs');
  // reuseGtfs: the GTFS folder of an earlier run with the same tiles and feeds is kept (at ~200 tiles it takes half an hour); only the NaPTAN and postcode copies are written again.
  const reuse = reuseGtfs && existsSync(path.join(gtfsDir, 'feed_info.txt'));
  if (reuse) for (const sub of ['naptan', 'postcodes', 'tiles.json']) rmSync(path.join(out, sub), { recursive: true, force: true });
  else rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  const zips = Array.from({ length: count }, (_, k) => path.join(data, FEEDS[feeds[k % feeds.length]]));
  const boxOf = new Map();
  for (const zip of new Set(zips)) boxOf.set(zip, await feedBox(zip));
  const cells = gridCells(Math.max(count, naptanTiles, postcodeTiles), boxOf.get(zips[0]));
  const placements = zips.map((zip, k) => (k === 0 ? IN_PLACE : fitTo(boxOf.get(zip), cells[k])));
  const rows = reuse ? await countGtfsRows(gtfsDir) : await writeGtfs(gtfsDir, zips, placements, log);
  // Copy k > 0: ATCO codes and NaPTAN codes prefixed, its own localities; postcodes in area k.
  const naptan = naptanTiles
    ? await writeTiledCsv(path.join(out, 'naptan/Stops.csv'), path.join(data, 'naptan/370Stops.csv'), naptanTiles, cells, {
        rename: { ATCOCode: (k, v) => tilePrefix(k) + v, NaptanCode: (k, v) => tilePrefix(k) + v, NptgLocalityCode: (k, v) => v + tilePrefix(k) },
        latCol: 'Latitude',
        lonCol: 'Longitude',
      })
    : 0;
  const postcodes = postcodeTiles
    ? await writeTiledCsv(path.join(out, 'postcodes/postcodes.csv'), path.join(data, 'postcodes/S.csv'), postcodeTiles, cells, {
        rename: { Postcode: (k, v) => tilePostcodeArea(k) + v.slice(1) },
        latCol: 'lat',
        lonCol: 'long',
      })
    : 0;
  const manifest = {
    tiles: zips.map((_, k) => ({ tile: k, prefix: tilePrefix(k), feed: feeds[k % feeds.length], cell: cells[k].map(round6).map(Number), scale: +placements[k].scale.toFixed(4) })),
    rows,
    naptanStops: naptan,
    postcodes,
    seconds: +((performance.now() - t0) / 1000).toFixed(1),
  };
  writeFileSync(path.join(out, 'tiles.json'), JSON.stringify(manifest, null, 1));
  return manifest;
}

/** A two-letter postcode area per copy (`S1 1AA` -> `AB1 1AA` for copy 1, ...). */
function tilePostcodeArea(k) {
  return String.fromCharCode(65 + Math.floor(k / 26), 65 + (k % 26));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const tiles = Number(arg('--tiles', '8'));
  const out = path.resolve(arg('--out', path.join(ROOT, '.cache', `national-${tiles}`)));
  const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024').split(',');
  const manifest = await writeNationalFeed({
    tiles,
    out,
    feeds,
    naptanTiles: Number(arg('--naptan-tiles', '0')),
    postcodeTiles: Number(arg('--postcode-tiles', '0')),
    reuseGtfs: process.argv.includes('--reuse-gtfs'),
    log: (line) => process.stderr.write(line + '\n'),
  });
  console.log(JSON.stringify({ out, ...manifest, tiles: manifest.tiles.length }));
}
