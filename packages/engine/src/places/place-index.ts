import type KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StationTable } from '../stops/station-table.js';
import { NOT_FOUND, type Box, type Page, type Place, type PlaceQuery, type Point } from '../api.js';
import { QueryError } from '../errors.js';
import { fillFromColumns, kdCoordsOf } from '../spatial/kd-coords.js';
import { kdView } from '../spatial/kd-view.js';
import { distanceMetres } from '../spatial/geo.js';
import { PlaceColumns } from './place-columns.js';
import { ALL_PLACE_BITS, PlaceBit, typeMask } from './place-kinds.js';
import { TokenDictionary } from './token-dictionary.js';
import { WordSearch } from './word-search.js';
import { Candidates } from './candidates.js';
import { MAX_SCORE, MAX_WORDS, Tier, packScore } from './word-score.js';
import { TopK } from './top-k.js';
import { normalizePostcode, tokenize } from './normalize.js';
import { POSTCODE_LIKE, POSTCODE_WIDTH } from './postcode-column.js';
import { PlacePages } from './place-pages.js';

/** Outward code, space, start of the inward code: "S1 2H" means district S1 exactly. */
const SPACED_POSTCODE = /^([A-Za-z]{1,2}[0-9][0-9A-Za-z]?)\s+[0-9][A-Za-z]{0,2}$/;
/** Kinds with words in the token index. */
const WORD_BITS = PlaceBit.BusStop | PlaceBit.TramStop | PlaceBit.TrainStation | PlaceBit.Settlement;
/** Primary sort key = (MAX_SCORE - score) * SCORE_STRIDE + metres: the score dominates any distance. */
const SCORE_STRIDE = 2 ** 32;
/** Candidates beyond this multiple of k are pre-filtered by a score threshold before selection. */
const THRESHOLD_FACTOR = 4;

/**
 * Place search over stops, rail stations, settlements and postcodes: free text (every word must
 * match a token of the place, see WordSearch; postcode-like text also a prefix range of codes),
 * nearest places, places in a box. Scratch arrays are reused across calls, so an instance
 * serves one query at a time (queries are synchronous); only the returned page allocates per
 * result.
 */
export class PlaceIndex {
  readonly settlementCount: number;
  readonly postcodeCount: number;
  private readonly cols: PlaceColumns;
  private readonly wordSearch: WordSearch;
  private readonly placesKd: KDBush;
  private readonly stopsKd: KDBush;
  private readonly stationsKd: KDBush;
  private readonly settlementsKd: KDBush;
  private readonly encoder = new TextEncoder();
  private readonly topK = new TopK();
  private readonly histogram = new Uint32Array(MAX_SCORE + 1);
  private readonly perLength = new Uint32Array(POSTCODE_WIDTH + 1);
  private readonly cands = new Candidates();
  /** The place ids of the page being built; grows with the largest page asked for. */
  private pageIds = new Uint32Array(128);
  /** Keeps PlaceColumns.touchRows' reads from being dropped. */
  private sink = 0;
  /** PlaceBit -> number of places of that kind, computed on first use. */
  private kindCounts: Uint32Array | null = null;
  /** Stored first pages of common one-word queries (PlacePages), or null. */
  readonly pages: PlacePages | null;

  /** The places kd-tree's coordinates when derived at open or given (`kd.places`), for other engines; null when the snapshot stores them. */
  readonly derivedKdCoords: Float64Array | null;

  /**
   * `usePages`: answer from the snapshot's stored pages when it has them (PlacePageSearch does
   * not). `kd`: the stop kd-tree's coordinates and the places' (each derived when absent and the
   * snapshot has no section of them, into shared memory when `shared`; spatial/kd-coords.ts).
   */
  constructor(r: SnapshotReader, strings: StringTable, stops: StopTable, stations: StationTable, usePages = true, kd: { stops?: Float64Array; places?: Float64Array; shared?: boolean } = {}) {
    this.cols = new PlaceColumns(r, strings, stops, stations);
    this.settlementCount = this.cols.settlementCount;
    this.postcodeCount = this.cols.postcodeCount;
    this.wordSearch = new WordSearch(r, new TokenDictionary(r, strings));
    const cols = this.cols;
    const placeIds = r.u32('places.kdIds');
    const places = kdCoordsOf(r, 'places', placeIds, cols.placeCount, (ids, out) => cols.kdCoordsInto(ids, out), kd.places, kd.shared ?? false);
    this.derivedKdCoords = places.derived ? places.coords : null;
    this.placesKd = kdView(placeIds, places.coords);
    const stopIds = r.u32('stops.kdIds');
    this.stopsKd = kdView(stopIds, kd.stops ?? kdCoordsOf(r, 'stops', stopIds, stops.count, fillFromColumns(stops.lat, stops.lon), undefined, false).coords);
    this.stationsKd = kdView(r.u32('stations.kdIds'), r.f64('stations.kdCoords'));
    this.settlementsKd = kdView(r.u32('settlements.kdIds'), r.f64('settlements.kdCoords'));
    this.pages = usePages ? PlacePages.open(r) : null;
  }

  /**
   * Text search when `text` has content (ranked by match quality, then distance from `near`,
   * then kind, shorter name, name), else the places nearest `near`, else the places in `box`
   * (by kind, shorter name, name). `box` always filters; `types` always filters.
   */
  search(q: PlaceQuery): Page<Place> {
    checkQuery(q);
    const mask = typeMask(q.types);
    const text = q.text?.trim() ?? '';
    if (text !== '') return this.searchText(text, mask, q);
    if (q.near) return this.nearest(q.near, mask, q);
    if (q.box) return this.inBox(q.box, mask, q);
    throw new QueryError('missing_parameter', 'Supply a query, lat and lon, or a bounding box (min_lat, min_lon, max_lat, max_lon).');
  }

  private searchText(text: string, mask: number, q: PlaceQuery): Page<Place> {
    const pages = this.pages;
    if (pages && mask === ALL_PLACE_BITS && !q.near && !q.box && q.offset + q.limit <= pages.pageSize) {
      const word = pages.find(text);
      if (word !== NOT_FOUND) return this.storedPage(word, q);
    }
    const words = tokenize(text);
    if (pages && mask === ALL_PLACE_BITS && !q.near && !q.box && q.offset + q.limit <= pages.pageSize) {
      const phrase = this.findPhrase(pages, text, words);
      if (phrase !== NOT_FOUND) return this.storedPage(phrase, q);
    }
    return this.select(q, this.matchText(text, mask, q, words));
  }

  /**
   * The stored page of `text`'s words joined by one space, when neither the text nor that key
   * reads as a postcode (pages of postcode-like words count postcodes: only the same text typed
   * alone, PlacePages.find, may use them), else NOT_FOUND.
   */
  private findPhrase(pages: PlacePages, text: string, words: readonly string[]): number {
    if (words.length === 0 || words.length > MAX_WORDS || POSTCODE_LIKE.test(normalizePostcode(text))) return NOT_FOUND;
    const key = words.length === 1 ? words[0] : words.join(' ');
    if (key === '' || POSTCODE_LIKE.test(normalizePostcode(key))) return NOT_FOUND;
    return pages.findKey(key);
  }

  /**
   * The best `k` matches of `text` alone (no kind filter, point or box) as place ids, best
   * first, and how many match: the page the builder stores (PlacePageSearch.page).
   */
  rankText(text: string, k: number): { total: number; ids: Uint32Array } {
    const q: PlaceQuery = { text, offset: 0, limit: k };
    const trimmed = text.trim();
    const total = this.matchText(trimmed, ALL_PLACE_BITS, q, tokenize(trimmed));
    this.rank(q);
    const ids = new Uint32Array(this.topK.size);
    for (let j = 0; j < ids.length; j++) ids[j] = this.cands.ids[this.topK.at(j)];
    return { total, ids };
  }

  /** Weighted postings a search for these normalised words visits (WordSearch.work): what a stored page saves. */
  wordWork(words: readonly string[]): number {
    return this.wordSearch.work(words);
  }

  /** A query answered from the stored page of its word. */
  private storedPage(word: number, q: PlaceQuery): Page<Place> {
    const pages = this.pages!;
    const end = Math.min(q.offset + q.limit, pages.idCount(word));
    let count = 0;
    this.reservePageIds(end - q.offset);
    for (let j = q.offset; j < end; j++) this.pageIds[count++] = pages.id(word, j);
    return { total: pages.total(word), items: this.records(count, undefined) };
  }

  private reservePageIds(count: number): void {
    if (this.pageIds.length < count) this.pageIds = new Uint32Array(Math.max(count, this.pageIds.length * 2));
  }

  /** The Place records of pageIds[0, count), their rows read first in one loop (PlaceColumns.touchRows). */
  private records(count: number, near: Point | undefined): Place[] {
    this.sink = this.cols.touchRows(this.pageIds, count);
    const items: Place[] = [];
    for (let j = 0; j < count; j++) items.push(this.toPlace(this.pageIds[j], near));
    return items;
  }

  /** Fills the candidates with every match of `text` (`words`: its tokenize); returns the total (matches counted but not added included). */
  private matchText(text: string, mask: number, q: PlaceQuery, words: readonly string[]): number {
    this.cands.count = 0;
    if (mask & WORD_BITS && words.length > 0) {
      const box = q.box;
      const cols = this.cols;
      // Unfiltered, every posting's place is accepted (rail stop entrances have no words): tell
      // stations apart by their id range, without reading the place's kind.
      const { stationBase, stopBase } = cols;
      const kindOf =
        (mask & WORD_BITS) === WORD_BITS && !box
          ? (id: number) => (id >= stationBase && id < stopBase ? PlaceBit.TrainStation : PlaceBit.Settlement)
          : (id: number) => {
              const bit = cols.typeBit(id) & mask;
              return bit !== 0 && (!box || this.inside(id, box)) ? bit : 0;
            };
      this.wordSearch.collect(words, kindOf, this.cands);
    }
    let unpushed = 0;
    const code = normalizePostcode(text);
    if (mask & PlaceBit.Postcode && POSTCODE_LIKE.test(code)) {
      const outwardLength = SPACED_POSTCODE.exec(text)?.[1].length ?? 0;
      unpushed = this.collectPostcodes(code, outwardLength, Math.max(1, Math.min(words.length, MAX_WORDS)), q);
    }
    return this.cands.count + unpushed;
  }

  /**
   * Adds the postcodes starting with `code` (an exact code scores MAX_SCORE). Without a point or
   * box the best k of each code length are known from code order alone, so only those become
   * candidates; returns how many matches were counted but not added.
   */
  private collectPostcodes(code: string, outwardLength: number, wordCount: number, q: PlaceQuery): number {
    const pcs = this.cols.postcodes;
    const key = this.encoder.encode(code);
    const lo = pcs.lowerBound(key);
    const hi = pcs.prefixEnd(key, lo);
    const k = q.offset + q.limit;
    const capped = !q.near && !q.box;
    const prefixScore = packScore(Tier.Prefix, false, wordCount, 0);
    const perLength = this.perLength.fill(0);
    let unpushed = 0;
    for (let pos = lo; pos < hi; pos++) {
      const len = pcs.length(pos);
      if (outwardLength && len - 3 !== outwardLength) continue;
      const id = this.cols.postcodeBase + pos;
      if (q.box && !this.inside(id, q.box)) continue;
      if (capped && perLength[len] >= k) {
        unpushed++;
        continue;
      }
      perLength[len]++;
      this.cands.push(id, len === key.length ? MAX_SCORE : prefixScore);
    }
    return unpushed;
  }

  /** Best `offset + limit` candidates by score, distance from `near`, tie key; the page of them. */
  private select(q: PlaceQuery, total: number): Page<Place> {
    this.rank(q);
    return this.page(q, total);
  }

  /** Leaves the best `offset + limit` candidates in order in topK. */
  private rank(q: PlaceQuery): void {
    const k = q.offset + q.limit;
    const c = this.cands;
    const n = c.count;
    const threshold = n > k && (q.near || n > THRESHOLD_FACTOR * k) ? this.scoreThreshold(k) : 0;
    const cols = this.cols;
    const near = q.near;
    this.topK.reset(k, c.primary, c.secondary);
    // The tie keys first, in a loop of independent loads whose cache misses overlap.
    for (let i = 0; i < n; i++) if (c.scores[i] >= threshold) c.secondary[i] = cols.tieKey(c.ids[i]);
    for (let i = 0; i < n; i++) {
      const score = c.scores[i];
      if (score < threshold) continue;
      const id = c.ids[i];
      const metres = near ? distanceMetres(near.lat, near.lon, cols.lat(id), cols.lon(id)) : 0;
      c.primary[i] = (MAX_SCORE - score) * SCORE_STRIDE + metres;
      this.topK.offer(i);
    }
    this.topK.finish();
  }

  /** Places [offset, k) of the ranked candidates. */
  private page(q: PlaceQuery, total: number): Page<Place> {
    let count = 0;
    this.reservePageIds(this.topK.size - q.offset);
    for (let j = q.offset; j < this.topK.size; j++) this.pageIds[count++] = this.cands.ids[this.topK.at(j)];
    return { total, items: this.records(count, q.near) };
  }

  /** The lowest score s such that at least k candidates score s or more. */
  private scoreThreshold(k: number): number {
    const histogram = this.histogram.fill(0);
    const c = this.cands;
    for (let i = 0; i < c.count; i++) histogram[c.scores[i]]++;
    let seen = 0;
    for (let s = MAX_SCORE; s > 0; s--) {
      seen += histogram[s];
      if (seen >= k) return s;
    }
    return 0;
  }

  /** Nearest places of the wanted kinds (inside `box` when given), nearest first. */
  private nearest(near: Point, mask: number, q: PlaceQuery): Page<Place> {
    const { kd, base } = this.kdFor(mask);
    const total = q.box ? this.countInBox(kd, base, mask, q.box) : this.countOf(mask);
    const k = Math.min(q.offset + q.limit, total);
    const accept = (i: number) => this.accepts(base + i, mask, q.box);
    const ids = k > 0 ? around(kd, near.lon, near.lat, k, Infinity, accept) : [];
    const items: Place[] = [];
    for (let j = q.offset; j < ids.length; j++) items.push(this.toPlace(base + ids[j], near));
    return { total, items };
  }

  /** Places of the wanted kinds inside the box, by kind, shorter name, name. */
  private inBox(box: Box, mask: number, q: PlaceQuery): Page<Place> {
    const { kd, base } = this.kdFor(mask);
    this.cands.count = 0;
    const ids = kd.range(box.minLon, box.minLat, box.maxLon, box.maxLat);
    for (let j = 0; j < ids.length; j++) if (this.accepts(base + ids[j], mask, undefined)) this.cands.push(base + ids[j], 0);
    return this.select(q, this.cands.count);
  }

  /** The smallest kd-tree holding every wanted kind, and the place id of its item 0. */
  private kdFor(mask: number): { kd: KDBush; base: number } {
    const cols = this.cols;
    if ((mask & ~PlaceBit.Settlement) === 0) return { kd: this.settlementsKd, base: 0 };
    if ((mask & ~PlaceBit.TrainStation) === 0) return { kd: this.stationsKd, base: cols.stationBase };
    if ((mask & ~(PlaceBit.BusStop | PlaceBit.TramStop)) === 0) return { kd: this.stopsKd, base: cols.stopBase };
    return { kd: this.placesKd, base: 0 };
  }

  private countInBox(kd: KDBush, base: number, mask: number, box: Box): number {
    const ids = kd.range(box.minLon, box.minLat, box.maxLon, box.maxLat);
    let count = 0;
    for (let j = 0; j < ids.length; j++) if (this.accepts(base + ids[j], mask, undefined)) count++;
    return count;
  }

  /** Places of the wanted kinds in the whole snapshot. */
  private countOf(mask: number): number {
    const counts = (this.kindCounts ??= this.countKinds());
    let total = 0;
    for (let bit = 1; bit <= PlaceBit.Postcode; bit <<= 1) if (mask & bit) total += counts[bit];
    return total;
  }

  private countKinds(): Uint32Array {
    const cols = this.cols;
    const counts = new Uint32Array(PlaceBit.Postcode + 1);
    counts[PlaceBit.Settlement] = cols.settlementCount;
    counts[PlaceBit.TrainStation] = cols.stopBase - cols.stationBase;
    counts[PlaceBit.Postcode] = cols.postcodeCount;
    for (let id = cols.stopBase; id < cols.postcodeBase; id++) counts[cols.typeBit(id)]++;
    return counts;
  }

  private accepts(id: number, mask: number, box: Box | undefined): boolean {
    return (this.cols.typeBit(id) & mask) !== 0 && (!box || this.inside(id, box));
  }

  private inside(id: number, box: Box): boolean {
    const lat = this.cols.lat(id);
    const lon = this.cols.lon(id);
    return lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
  }

  private toPlace(id: number, near: Point | undefined): Place {
    const cols = this.cols;
    return cols.toPlace(id, near ? distanceMetres(near.lat, near.lon, cols.lat(id), cols.lon(id)) : undefined);
  }
}

/** Rejects paging, points and boxes the search cannot use. */
function checkQuery(q: PlaceQuery): void {
  if (!Number.isInteger(q.offset) || q.offset < 0) throw new QueryError('invalid_parameter', `offset must be a non-negative integer, got ${q.offset}.`, 'page');
  if (!Number.isInteger(q.limit) || q.limit < 0) throw new QueryError('invalid_parameter', `limit must be a non-negative integer, got ${q.limit}.`, 'limit');
  if (q.near && !(Math.abs(q.near.lat) <= 90 && Math.abs(q.near.lon) <= 180)) throw new QueryError('invalid_parameter', 'lat must be within [-90, 90] and lon within [-180, 180].', 'lat');
  const b = q.box;
  if (b && !(b.minLat <= b.maxLat && b.minLon <= b.maxLon && Math.abs(b.minLat) <= 90 && Math.abs(b.maxLat) <= 90 && Math.abs(b.minLon) <= 180 && Math.abs(b.maxLon) <= 180)) {
    throw new QueryError('invalid_parameter', 'The bounding box needs min_lat <= max_lat and min_lon <= max_lon, within [-90, 90] and [-180, 180].', 'min_lat');
  }
}
