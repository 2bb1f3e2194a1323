import { PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_SECTIONS, SnapshotReader, type PlacePageColumns } from '@transit/engine';
import { compilePlacePages } from './compile-place-pages.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { compilePlacePagesOnTwoThreads } from './place-pages-threads.js';

/** Postings from which writePlacePagesOnTwoThreads uses a worker thread (below, a worker's start and its own place index cost more than it saves). */
export const PLACE_PAGES_TWO_THREADS_MIN_POSTINGS = 200_000;

/** Sections the engine's place search reads (PlaceIndex, its stop and station tables, strings). */
const PLACE_SEARCH_READS = ['stops.', 'stations.', 'settlements.', 'postcodes.', 'places.', 'search.', 'strings.'];

/**
 * Writes the `search.page*` sections: the stored first pages of the commonest one-word queries
 * and of the costliest prefixes of place names (engine place-pages.ts), computed by the engine's
 * own search (compilePlacePages, through PlacePageSearch) over the place sections already added, copied into a snapshot of
 * their own. Words with fewer than `minPostings` postings (default PLACE_PAGE_MIN_POSTINGS) and
 * name prefixes whose search visits fewer than `minWork` weighted postings (default
 * PLACE_PAGE_MIN_WORK) get none; without any such text (or with `minPostings` Infinity) no
 * sections are written. On this thread (writePlacePagesOnTwoThreads: the same bytes).
 */
export function writePlacePages(w: SnapshotWriter, minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = PLACE_PAGE_MIN_WORK): void {
  const postingCount = w.sectionLength('search.postings');
  if (postingCount < minPostings) return; // no word can be common enough
  addPages(w, compilePlacePages(new SnapshotReader(placeSearchBytes(w, false).buffer), { minPostings, minWork }));
}

/**
 * writePlacePages with the pages computed on this thread and a worker thread, half each
 * (place-pages-threads.ts), from PLACE_PAGES_TWO_THREADS_MIN_POSTINGS postings: the same bytes.
 * Rejects, writing nothing, if the worker fails or ends without an answer.
 */
export async function writePlacePagesOnTwoThreads(w: SnapshotWriter, minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = PLACE_PAGE_MIN_WORK): Promise<void> {
  const postingCount = w.sectionLength('search.postings');
  if (postingCount < Math.max(minPostings, PLACE_PAGES_TWO_THREADS_MIN_POSTINGS)) return writePlacePages(w, minPostings, minWork);
  addPages(w, await compilePlacePagesOnTwoThreads(placeSearchBytes(w, true).buffer as SharedArrayBuffer, { minPostings, minWork }));
}

/** The place-search sections of `w` as a snapshot of their own (in shared memory for two threads). */
function placeSearchBytes(w: SnapshotWriter, shared: boolean): Uint8Array {
  return w.partBytes(PLACE_SEARCH_READS, { schemaVersion: 0, builderVersion: '', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies: [] }, shared);
}

function addPages(w: SnapshotWriter, pages: PlacePageColumns): void {
  if (pages.totals.length === 0) return; // a small snapshot: no word is common enough
  for (const key of Object.keys(PLACE_PAGE_SECTIONS) as (keyof PlacePageColumns)[]) w.add(PLACE_PAGE_SECTIONS[key], pages[key]);
}
