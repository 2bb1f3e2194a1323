import { tokenize, microDegreesOf, deletionHash, NO_SKIP, TYPO_MIN_TOKEN_BYTES, TYPO_MIN_WORD_BYTES, TYPO_MAX_BYTES } from '@transit/engine';
import type { Dataset, SettlementRecord, StationRecord } from '../dataset.js';
import type { StopTable } from '../stop-table.js';
import { StopKind } from '../dataset.js';
import { BuildError } from '../issues.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { utf8ComparatorFor } from '../write/string-pool.js';
import { kdSections } from '../write/kd-sections.js';
import { POSTCODE_WIDTH, writePostcodeBytes } from './postcode-columns.js';

// Mirrors of engine constants (places/typo.ts): keep them equal.
/** Marks name tokens in search.placeTokens and search.postings (engine word-matcher.ts NAME_BIT). */
const NAME_BIT = 0x80000000;
const ID_MASK = 0x7fffffff;
/** Distinct name tokens counted per place (engine word-search.ts HIT_COUNT). */
const MAX_NAME_TOKENS = 63;
/** Token ids share a float64 with a 32-bit hash while the typo index is sorted. */
const TOKEN_ID_BITS = 21;

/**
 * Common abbreviations, both ways: a place with one of these words is also found by its
 * partner ("St. John's Rd" finds St John's Road). Partners go in with the other fields, so a
 * typed alias never counts as typing the whole name.
 */
const ALIASES: Record<string, string> = {
  road: 'rd', rd: 'road',
  avenue: 'ave', ave: 'avenue',
  lane: 'ln', ln: 'lane',
  drive: 'dr', dr: 'drive',
  crescent: 'cres', cres: 'crescent',
  square: 'sq', sq: 'square',
  station: 'stn', stn: 'station',
  saint: 'st', st: 'saint',
};

/** Tie-order groups of indexed places (engine place-kinds.ts order); Hidden = rail stop entrance. */
const enum Group {
  Settlement = 0,
  Station = 1,
  Stop = 2,
  Hidden = 3,
}

/** The searchable text of one indexed place (settlement, station or stop, in place id order). */
interface PlaceText {
  name: string;
  group: Group;
  /** Tokens of the name, in order (shared between places with the same name: read only). */
  nameTokens: readonly string[];
  /** Tokens of the other fields, not already in the name (a station's CRS code always first). */
  otherTokens: string[];
}

/**
 * Writes the place search sections (see docs/engine.md "Places"). Place ids: settlements, then
 * `stations`, then `stops` (both in their dense order), then postcodes in code order.
 */
export function compilePlaces(ds: Dataset, w: SnapshotWriter, stops: StopTable, stations: StationRecord[]): void {
  const settlements = [...ds.settlements.values()];
  writeSettlements(ds, w, settlements);
  const postcodes = writePostcodes(ds, w);
  const texts = placeTexts(settlements, stations, stops);
  writeSearchIndex(ds, w, texts);
  // Indexed place -> position in tie order (group, name length, name bytes, id).
  w.add('places.rank', tieRanks(texts));
  writePlacesKd(w, settlements, stations, stops, postcodes);
}

function writeSettlements(ds: Dataset, w: SnapshotWriter, settlements: SettlementRecord[]): void {
  const str = (f: (s: SettlementRecord) => string) => Uint32Array.from(settlements, (s) => ds.pool.intern(f(s)));
  const lat = Float64Array.from(settlements, (s) => s.lat);
  const lon = Float64Array.from(settlements, (s) => s.lon);
  const kd = kdSections(lat, lon);
  w.add('settlements.code', str((s) => s.code)) // Settlement -> NPTG locality code (string, '' for parent-derived)
    .add('settlements.name', str((s) => s.name)) // Settlement -> name (string)
    .add('settlements.parent', str((s) => s.parent)) // Settlement -> parent locality or district name (string, may be '')
    .add('settlements.lat', lat) // Settlement -> latitude, WGS84 degrees
    .add('settlements.lon', lon) // Settlement -> longitude, WGS84 degrees
    .add('settlements.kdIds', kd.ids) // kd-tree item -> settlement
    .add('settlements.kdCoords', kd.coords); // kd-tree item -> lon, lat
}

/** Sorts and dedupes the postcodes by normalised code and writes them as fixed-width bytes. */
function writePostcodes(ds: Dataset, w: SnapshotWriter): { lat: Float64Array; lon: Float64Array } {
  const postcodes = ds.postcodes;
  const [keys, lat, lon] = [postcodes.key.view(), postcodes.lat.view(), postcodes.lon.view()];
  const valid: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (Number.isNaN(keys[i])) {
      const code = postcodes.code(i);
      ds.issues.add({ code: 'bad_postcode', severity: 'error', file: 'postcodes', line: 0, entityId: code, field: 'postcode', value: code, message: 'not a normalised postcode (5 to 7 letters and digits)' });
      continue;
    }
    valid.push(i);
  }
  // Array sort: stable (ties stay in file order, the first kept) and quick on the sorted runs of postcode files.
  const order = valid.sort((a, b) => keys[a] - keys[b]);
  const kept: number[] = [];
  for (let j = 0; j < order.length; j++) {
    if (j > 0 && keys[order[j]] === keys[order[j - 1]]) {
      const code = postcodes.code(order[j]);
      ds.issues.add({ code: 'duplicate_id', severity: 'warning', file: 'postcodes', line: 0, entityId: code, field: 'postcode', value: code, message: 'postcode listed twice; first kept' });
      continue;
    }
    kept.push(order[j]);
  }
  const bytes = new Uint8Array(kept.length * POSTCODE_WIDTH);
  kept.forEach((i, pos) => writePostcodeBytes(keys[i], bytes, pos * POSTCODE_WIDTH));
  const sortedLat = Float64Array.from(kept, (i) => lat[i]);
  const sortedLon = Float64Array.from(kept, (i) => lon[i]);
  w.add('postcodes.codes', bytes); // Postcode -> POSTCODE_WIDTH (7) ASCII bytes of its normalised code, zero-padded; sorted
  // Postcode -> centroid latitude / longitude: WGS84 millionths (i32) when they give every double back, else degrees (f64).
  const [latE6, lonE6] = [microDegreesOf(sortedLat), microDegreesOf(sortedLon)];
  if (latE6) w.add('postcodes.latE6', latE6);
  else w.add('postcodes.lat', sortedLat);
  if (lonE6) w.add('postcodes.lonE6', lonE6);
  else w.add('postcodes.lon', sortedLon);
  return { lat: sortedLat, lon: sortedLon };
}

/** Searchable text per indexed place: settlements (name; parent), stations (name; CRS, "rail station"), stops (name; indicator, locality, parent). */
function placeTexts(settlements: SettlementRecord[], stations: StationRecord[], stops: StopTable): PlaceText[] {
  const texts: PlaceText[] = [];
  const tokens = memoTokenize();
  for (const s of settlements) texts.push(text(tokens, s.name, Group.Settlement, [], [s.parent]));
  for (const s of stations) texts.push(text(tokens, s.name, Group.Station, tokenize(s.crs), ['rail station']));
  for (let i = 0; i < stops.size; i++) {
    if (stops.kind(i) === StopKind.Rail) texts.push({ name: stops.name(i), group: Group.Hidden, nameTokens: [], otherTokens: [] });
    else texts.push(text(tokens, stops.name(i), Group.Stop, [], [stops.field(i, 'indicator'), stops.field(i, 'locality'), stops.field(i, 'parentLocality')]));
  }
  return texts;
}

/**
 * `tokenize`, remembered per text: names, localities and indicators repeat across a country's
 * stops. The arrays it gives are shared: read them, never change them.
 */
function memoTokenize(): (text: string) => readonly string[] {
  const seen = new Map<string, readonly string[]>();
  return (text) => {
    let tokens = seen.get(text);
    if (tokens === undefined) seen.set(text, (tokens = tokenize(text)));
    return tokens;
  };
}

function text(tokenized: (text: string) => readonly string[], name: string, group: Group, leading: string[], fields: string[]): PlaceText {
  const nameTokens = tokenized(name);
  // A place has a handful of tokens: a linear search beats a Set.
  const otherTokens = [...leading];
  const add = (t: string) => {
    if (nameTokens.includes(t) || otherTokens.includes(t)) return;
    otherTokens.push(t);
  };
  for (const field of fields) for (const t of tokenized(field)) add(t);
  for (let i = 0, n = nameTokens.length + otherTokens.length; i < n; i++) {
    const t = i < nameTokens.length ? nameTokens[i] : otherTokens[i - nameTokens.length];
    if (Object.hasOwn(ALIASES, t)) add(ALIASES[t]);
  }
  return { name, group, nameTokens, otherTokens };
}

/** Token dictionary, place -> tokens, token -> places (postings) and the typo index. */
function writeSearchIndex(ds: Dataset, w: SnapshotWriter, texts: PlaceText[]): void {
  const unique = new Set<string>();
  for (const t of texts) {
    for (const token of t.nameTokens) unique.add(token);
    for (const token of t.otherTokens) unique.add(token);
  }
  const tokens = [...unique];
  tokens.sort(utf8ComparatorFor(tokens));
  if (tokens.length >= 2 ** TOKEN_ID_BITS) throw new BuildError(`${tokens.length} distinct place words exceed the typo index limit of 2^${TOKEN_ID_BITS}.`);
  const idOf = new Map(tokens.map((t, i) => [t, i]));

  // Place -> tokens in text order, name tokens flagged; distinct name tokens per place.
  const placeTokenOffsets = new Uint32Array(texts.length + 1);
  const nameTokenCounts = new Uint8Array(texts.length);
  const placeTokens: number[] = [];
  texts.forEach((t, p) => {
    for (const token of t.nameTokens) placeTokens.push((idOf.get(token)! | NAME_BIT) >>> 0);
    for (const token of t.otherTokens) placeTokens.push(idOf.get(token)!);
    placeTokenOffsets[p + 1] = placeTokens.length;
    nameTokenCounts[p] = Math.min(new Set(t.nameTokens).size, MAX_NAME_TOKENS);
  });

  // Token -> places, ascending, each place once, flagged when the token is in its name.
  const lastPlace = new Int32Array(tokens.length).fill(-1);
  const postingOffsets = new Uint32Array(tokens.length + 1);
  const eachToken = (visit: (token: number, place: number, inName: boolean) => void) => {
    for (let p = 0; p < texts.length; p++) {
      for (let k = placeTokenOffsets[p]; k < placeTokenOffsets[p + 1]; k++) {
        const token = placeTokens[k] & ID_MASK;
        if (lastPlace[token] === p) continue; // name tokens come first: the first sight carries the flag
        lastPlace[token] = p;
        visit(token, p, placeTokens[k] >= NAME_BIT);
      }
    }
    lastPlace.fill(-1);
  };
  eachToken((token) => postingOffsets[token + 1]++);
  for (let t = 0; t < tokens.length; t++) postingOffsets[t + 1] += postingOffsets[t];
  const postings = new Uint32Array(postingOffsets[tokens.length]);
  const fill = postingOffsets.slice(0, tokens.length);
  eachToken((token, place, inName) => (postings[fill[token]++] = inName ? (place | NAME_BIT) >>> 0 : place));

  const typo = typoIndex(tokens);
  w.add('search.tokens', Uint32Array.from(tokens, (t) => ds.pool.intern(t))) // Token -> its text (string); token ids in byte order of text
    .add('search.postingOffsets', postingOffsets) // Token -> [first, end) into search.postings. Length tokenCount + 1
    .add('search.postings', postings) // Place ids carrying each token, ascending per token; bit 31 set when the token is in the name
    .add('search.placeTokenOffsets', placeTokenOffsets) // Indexed place -> [first, end) into search.placeTokens. Length indexedCount + 1
    .add('search.placeTokens', Uint32Array.from(placeTokens)) // Token ids per place: name tokens in order with bit 31 set, then other fields
    .add('search.nameTokenCounts', nameTokenCounts) // Indexed place -> distinct tokens in its name (at most 63)
    .add('search.typoHashes', typo.hashes) // Deletion-neighbourhood hash (FNV-1a of a token minus at most one byte), ascending
    .add('search.typoTokens', typo.tokens); // search.typoHashes[i] -> token id it came from
}

/**
 * Deletion neighbourhood of every token (engine places/typo.ts): the token's own hash for
 * tokens of TYPO_MIN_TOKEN_BYTES+ bytes, plus each single-byte deletion for tokens of
 * TYPO_MIN_WORD_BYTES+ bytes; sorted by hash, then token, without duplicates.
 */
function typoIndex(tokens: string[]): { hashes: Uint32Array; tokens: Uint32Array } {
  const keys: number[] = [];
  const stride = 2 ** TOKEN_ID_BITS;
  tokens.forEach((token, id) => {
    const bytes = Buffer.from(token, 'utf8');
    const len = bytes.length;
    if (len < TYPO_MIN_TOKEN_BYTES || len > TYPO_MAX_BYTES) return;
    keys.push(deletionHash(bytes, 0, len, NO_SKIP) * stride + id);
    if (len < TYPO_MIN_WORD_BYTES) return;
    for (let skip = 0; skip < len; skip++) if (skip === 0 || bytes[skip] !== bytes[skip - 1]) keys.push(deletionHash(bytes, 0, len, skip) * stride + id);
  });
  const sorted = Float64Array.from(keys).sort();
  const hashes: number[] = [];
  const ids: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    hashes.push(Math.floor(sorted[i] / stride));
    ids.push(sorted[i] % stride);
  }
  return { hashes: Uint32Array.from(hashes), tokens: Uint32Array.from(ids) };
}


/** Indexed place -> rank in (group, name length, name bytes, place id) order. */
function tieRanks(texts: PlaceText[]): Uint32Array {
  const n = texts.length;
  const groupLength = new Float64Array(n); // group, then name length (UTF-16 units)
  const names = new Array<string>(n);
  for (let p = 0; p < n; p++) {
    groupLength[p] = texts[p].group * 2 ** 32 + texts[p].name.length;
    names[p] = texts[p].name;
  }
  // Array sort is stable: ties stay in place id order.
  const byName = utf8ComparatorFor(names);
  const order = Array.from({ length: n }, (_, p) => p);
  order.sort((a, b) => groupLength[a] - groupLength[b] || byName(names[a], names[b]));
  const rank = new Uint32Array(n);
  for (let i = 0; i < n; i++) rank[order[i]] = i;
  return rank;
}

/** One kd-tree over every place (rail stop entrances excepted); its ids are place ids. */
function writePlacesKd(w: SnapshotWriter, settlements: SettlementRecord[], stations: StationRecord[], stops: StopTable, postcodes: { lat: Float64Array; lon: Float64Array }): void {
  let visibleStops = 0;
  for (let s = 0; s < stops.size; s++) if (stops.kind(s) !== StopKind.Rail) visibleStops++;
  const n = settlements.length + stations.length + visibleStops + postcodes.lat.length;
  const ids = new Uint32Array(n);
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  let i = 0;
  const put = (placeId: number, la: number, lo: number) => {
    ids[i] = placeId;
    lat[i] = la;
    lon[i++] = lo;
  };
  let place = 0;
  for (const s of settlements) put(place++, s.lat, s.lon);
  for (const s of stations) put(place++, s.lat, s.lon);
  for (let s = 0; s < stops.size; s++) {
    if (stops.kind(s) !== StopKind.Rail) put(place, stops.lat.get(s), stops.lon.get(s));
    place++;
  }
  for (let k = 0; k < postcodes.lat.length; k++) put(place++, postcodes.lat[k], postcodes.lon[k]);
  const kd = kdSections(lat, lon);
  // Ids only: the engine derives the tree's coordinates from the places' positions at open.
  w.add('places.kdIds', Uint32Array.from(kd.ids, (item) => ids[item])); // kd-tree item -> place id
}

