import { compilePlacePages, PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_SECTIONS, SnapshotReader, type PlacePageColumns } from '@transit/engine';
import { SnapshotWriter } from '../write/snapshot-writer.js';

/** Sections the engine's place search reads (PlaceIndex, its stop and station tables, strings). */
const PLACE_SEARCH_READS = ['stops.', 'stations.', 'settlements.', 'postcodes.', 'places.', 'search.', 'strings.'];

/**
 * Writes the `search.page*` sections: the stored first pages of the commonest one-word queries
 * and of the costliest prefixes of place names (engine place-pages.ts), computed by the engine's
 * own search (compilePlacePages) over the place sections already added, copied into a snapshot of
 * their own. Words with fewer than `minPostings` postings (default PLACE_PAGE_MIN_POSTINGS) and
 * name prefixes whose search visits fewer than `minWork` weighted postings (default
 * PLACE_PAGE_MIN_WORK) get none; without any such text (or with `minPostings` Infinity) no
 * sections are written.
 */
export function writePlacePages(w: SnapshotWriter, minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = PLACE_PAGE_MIN_WORK): void {
  if (w.section('search.postings', Uint32Array).length < minPostings) return; // no word can be common enough
  const own = new SnapshotWriter();
  for (const s of w.sectionsStartingWith(PLACE_SEARCH_READS)) own.add(s.name, s.array);
  const bytes = own.toBytes({ schemaVersion: 0, builderVersion: '', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies: [] });
  const pages = compilePlacePages(new SnapshotReader(bytes.buffer), { minPostings, minWork });
  if (pages.totals.length === 0) return; // a small snapshot: no word is common enough
  for (const key of Object.keys(PLACE_PAGE_SECTIONS) as (keyof PlacePageColumns)[]) w.add(PLACE_PAGE_SECTIONS[key], pages[key]);
}
