import { KINDS, DEFAULT_URLS, type Region, type SourceKind } from './regions.js';

/** One file to download: a source of a region, or one the user added with `--source`. */
export interface SourceSpec {
  /** `gtfs`, `naptan`, `nptg`, `postcodes_s`, `rail_stations`, `osm_south_yorkshire`, `rail_timetable`, ... */
  name: string;
  kind: SourceKind;
  /** Where it comes from, without any API key. */
  url: string;
  /** File name in the cache folder. */
  file: string;
  /** A build needs it (GTFS, NaPTAN) unless the user turned it off. */
  required: boolean;
}

/** A `--source NAME=URL` (or `NAME=off`) given on the command line. */
export type Overrides = Map<string, string>;

/** Known kinds, longest first, so `rail_stations_x` is a rail_stations source and not `rail...`. */
const KIND_NAMES = (Object.keys(KINDS) as SourceKind[]).sort((a, b) => b.length - a.length);

/** The kind a source name belongs to: the kind itself or `KIND_suffix`; undefined if none. */
export function kindOf(name: string): SourceKind | undefined {
  return KIND_NAMES.find((k) => name === k || name.startsWith(`${k}_`));
}

/** A source of `kind` called `name` at `url`. */
function source(name: string, kind: SourceKind, url: string): SourceSpec {
  return { name, kind, url, file: `${name}${KINDS[kind].ext}`, required: KINDS[kind].required };
}

/** The OSM source name of a mirror path: `.../south-yorkshire-latest.osm.pbf` -> `osm_south_yorkshire`. */
export function osmSourceName(path: string): string {
  const base = path.split('/').pop()!.replace(/(-latest)?\.osm\.pbf$/i, '');
  return `osm_${base.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/**
 * A region's default sources, in download order (the rail timetable only when configured).
 * `covered`: the user narrowed the coverage, so a region's `osmWithCoverage` extracts apply.
 */
export function regionSources(region: Region, osmMirror: string = DEFAULT_URLS.osmMirror, covered = false): SourceSpec[] {
  const mirror = osmMirror.replace(/\/+$/, '');
  const osm = covered && region.osmWithCoverage ? region.osmWithCoverage : region.osm;
  return [
    source('gtfs', 'gtfs', DEFAULT_URLS.bods(region.bods)),
    source('naptan', 'naptan', DEFAULT_URLS.naptan(region.atcoAreas)),
    source('nptg', 'nptg', DEFAULT_URLS.nptg),
    ...region.postcodeAreas.map((a) => source(`postcodes_${a.toLowerCase()}`, 'postcodes', DEFAULT_URLS.postcodes(a))),
    source('rail_stations', 'rail_stations', DEFAULT_URLS.railStations),
    ...osm.map((p) => source(osmSourceName(p), 'osm', `${mirror}/${p}`)),
  ];
}

/**
 * Applies `--source` overrides to a region's sources: `NAME=URL` replaces a source's URL or adds
 * a new source of the kind its name starts with; `NAME=off` drops it. Throws Error with a
 * message for the user on an unknown name.
 */
export function applyOverrides(sources: SourceSpec[], overrides: Overrides): SourceSpec[] {
  const out = sources.map((s) => ({ ...s }));
  for (const [name, url] of overrides) {
    const i = out.findIndex((s) => s.name === name);
    if (url === 'off') {
      if (i < 0 && !kindOf(name)) throw new Error(`--source ${name}=off: no source is called ${name}.`);
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) {
      out[i].url = url;
      continue;
    }
    const kind = kindOf(name);
    if (!kind) throw new Error(`--source ${name}=URL: a source name is one of ${KIND_NAMES.join(', ')}, optionally followed by _SUFFIX (e.g. gtfs_rail).`);
    out.push(source(name, kind, url));
  }
  return out;
}

/** Parses a `NAME=URL` / `NAME=off` argument; throws Error with a message for the user. */
export function parseOverride(arg: string, into: Overrides): void {
  const eq = arg.indexOf('=');
  const name = eq > 0 ? arg.slice(0, eq).trim().toLowerCase() : '';
  const value = eq > 0 ? arg.slice(eq + 1).trim() : '';
  if (!/^[a-z][a-z0-9_]*$/.test(name) || !value) throw new Error(`--source ${arg}: expected NAME=URL or NAME=off (e.g. gtfs=https://example.org/feed.zip).`);
  if (value !== 'off' && (!/^https?:\/\//i.test(value) || !URL.canParse(value))) throw new Error(`--source ${arg}: the URL must be an http:// or https:// URL.`);
  into.set(name, value);
}

/** Keeps the sources `--only` names, by source name or kind (`postcodes` matches every postcodes_*). */
export function selectOnly(sources: SourceSpec[], only: string[]): SourceSpec[] {
  const wanted = new Set(only.map((n) => n.trim().toLowerCase()).filter(Boolean));
  const unknown = [...wanted].filter((n) => !sources.some((s) => s.name === n || s.kind === n));
  if (unknown.length) throw new Error(`--only: no source called ${unknown.join(', ')} (sources: ${sources.map((s) => s.name).join(', ')}).`);
  return sources.filter((s) => wanted.has(s.name) || wanted.has(s.kind));
}

/** The Bus Open Data Service host: the only one the API key is ever sent to. */
const BODS_HOST = 'data.bus-data.dft.gov.uk';

/** The URL to request: `url` with `api_key` added when it points at BODS and a key is given. */
export function requestUrl(url: string, apiKey: string | undefined): string {
  if (!apiKey) return url;
  const u = new URL(url);
  if (u.hostname !== BODS_HOST) return url;
  u.searchParams.set('api_key', apiKey);
  return u.toString();
}

