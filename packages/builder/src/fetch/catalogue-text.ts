import { DEFAULT_URLS, KINDS, LICENCES, REGIONS, type Region } from './regions.js';
import type { SourceSpec } from './sources.js';

/**
 * `transit fetch --list`: every region with what it fetches, or one region's sources (after
 * `--source` overrides) with URL, whether a build needs it, and licence.
 */
export function catalogueText(region: Region | undefined, sources: SourceSpec[], coverage?: string): string {
  if (!region && !sources.length) {
    const rows = REGIONS.map(
      (r) =>
        `  ${r.name.padEnd(16)} ${r.title}: BODS ${r.bods}, NaPTAN areas ${r.atcoAreas.length ? r.atcoAreas.join(',') : 'all'}, ` +
        `postcodes ${r.postcodeAreas.length > 20 ? `${r.postcodeAreas.length} areas` : r.postcodeAreas.join(' ')}, ${osmText(r)}\n`,
    );
    return [
      'Regions (transit fetch REGION; transit fetch --list REGION for its URLs):\n',
      ...rows,
      '\nDefault sources:\n',
      `  gtfs            ${DEFAULT_URLS.bods('REGION')}  ${LICENCES.gtfs}\n`,
      `  naptan          ${DEFAULT_URLS.naptan(['AREA', '...'])}  ${LICENCES.naptan}\n`,
      `  nptg            ${DEFAULT_URLS.nptg}  ${LICENCES.nptg}\n`,
      `  postcodes_AREA  ${DEFAULT_URLS.postcodes('AREA')}  ${LICENCES.postcodes}\n`,
      `  rail_stations   ${DEFAULT_URLS.railStations}  ${LICENCES.rail_stations}\n`,
      `  osm_EXTRACT     ${DEFAULT_URLS.osmMirror}/europe/united-kingdom/england/EXTRACT-latest.osm.pbf  ${LICENCES.osm}\n`,
      `                  (gb: ${DEFAULT_URLS.osmMirror}/europe/great-britain-latest.osm.pbf, only with --coverage)\n`,
      `  rail_timetable  only with --source rail_timetable=URL (RDG data feeds need a login)\n`,
    ].join('');
  }
  const width = Math.max(14, ...sources.map((s) => s.name.length)) + 2;
  const lines = sources.map((s) => `  ${s.name.padEnd(width)}${(KINDS[s.kind].required ? 'required' : 'optional').padEnd(10)}${s.url}\n      ${KINDS[s.kind].what}; ${LICENCES[s.kind]}\n`);
  if (!sources.some((s) => s.kind === 'rail_timetable')) lines.push(`  ${'rail_timetable'.padEnd(width)}${'off'.padEnd(10)}only with --source rail_timetable=URL (RDG data feeds need a login)\n`);
  const head = region ? `Sources of ${region.name} (${region.title}); coverage ${coverage ?? region.coverage}\n` : 'Sources:\n';
  return `${head}${lines.join('')}Override one with --source NAME=URL, skip one with --source NAME=off.\n`;
}

/** How many OSM extracts a region fetches, and when. */
function osmText(r: Region): string {
  const n = (k: number) => `${k} OSM extract${k === 1 ? '' : 's'}`;
  return r.osmWithCoverage ? `${n(r.osmWithCoverage.length)} with --coverage (cut to it)` : n(r.osm.length);
}
