import { compilePlacePages, PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_SECTIONS, SnapshotReader, type PlacePageColumns } from '@transit/engine';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { compilePlacePagesOnTwoThreads } from './place-pages-threads.js';

/** Postings from which the pages are computed on two threads (below, a worker's start and its own place index cost more than it saves). */
export const PLACE_PAGES_TWO_THREADS_MIN_POSTINGS = 200_000;

/** Sections the engine's place search reads (PlaceIndex, its stop and station tables, strings). */
const PLACE_SEARCH_READS = ['stops.', 'stations.', 'settlements.', 'postcodes.', 'places.', 'search.', 'strings.'];

/**
 * Writes the `search.page*` sections: the stored first pages of the commonest one-word queries
 * and of the costliest prefixes of place names (engine place-pages.ts), computed by the engine's
 * own search (compilePlacePages) over the place sections already added, copied into a snapshot of
 * their own. Words with fewer than `minPostings` postings (default PLACE_PAGE_MIN_POSTINGS) and
 * name prefixes whose search visits fewer than `minWork` weighted postings (default
 * PLACE_PAGE_MIN_WORK) get none; without any such text (or with `minPostings` Infinity) no
 * sections are written. From PLACE_PAGES_TWO_THREADS_MIN_POSTINGS postings the pages are
 * computed on this thread and a worker thread, half each (place-pages-threads.ts): the same bytes.
 */
export function writePlacePages(w: SnapshotWriter, minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = PLACE_PAGE_MIN_WORK): void {
  const postingCount = w.section('search.postings', Uint32Array).length;
  if (postingCount < minPostings) return; // no word can be common enough
  const twoThreads = postingCount >= PLACE_PAGES_TWO_THREADS_MIN_POSTINGS;
  const bytes = w.partBytes(PLACE_SEARCH_READS, { schemaVersion: 0, builderVersion: '', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies: [] }, twoThreads);
  const choice = { minPostings, minWork };
  const pages = twoThreads ? compilePlacePagesOnTwoThreads(bytes.buffer as SharedArrayBuffer, choice) : compilePlacePages(new SnapshotReader(bytes.buffer), choice);
  if (pages.totals.length === 0) return; // a small snapshot: no word is common enough
  for (const key of Object.keys(PLACE_PAGE_SECTIONS) as (keyof PlacePageColumns)[]) w.add(PLACE_PAGE_SECTIONS[key], pages[key]);
}
