import { encodeOsmPbf, type PbfNodeInput, type PbfWayInput } from '../osm/write-pbf.js';
import { distanceMetres, offsetMetres, type LatLon } from './geo.js';
import { placeName, type LocalityIndex } from './localities.js';
import type { StreetNetwork } from './network.js';

/** Town grid: lines per side, metres apart (5 x 120 m covers the stands and stop pairs at a node). */
const GRID_LINES = 5;
const GRID_SPACING_M = 120;
const ROW_NAMES = ['Church Street', 'Mill Lane', 'Market Street', 'Chapel Street', 'Park Road'];
const COLUMN_NAMES = ['Victoria Road', 'Albert Street', 'King Street', 'Queen Street', 'Station Road'];
/** A station or tram stop this far from every grid centre gets a grid of its own. */
const OWN_GRID_M = 350;
/** Longer access roads are not drawn (York, outside the journey coverage, keeps an island grid). */
const MAX_ACCESS_ROAD_M = 8000;

/**
 * The demo's street map as an OSM PBF file, read by the same parser as a real extract: every
 * bus road as drawn by the StreetNetwork (highway=primary, 40 mph, each half named like its
 * stops' street), and around every served route node a small grid of residential streets
 * (20 mph) whose centre is the node itself, where the roads meet. To exercise access rules,
 * the second row of each grid is one-way eastbound for vehicles, the fourth column is a
 * pedestrian precinct, and a footway cuts the grid's south-west corner. Each station and tram
 * stop (`stations`) farther than OWN_GRID_M from every grid centre gets such a grid centred on it,
 * joined to the nearest earlier centre by an access road (highway=unclassified, named after it),
 * so door-to-door journeys reach every station on foot. Node ids are negative (new data, as OSM
 * editors write it). A pure function of the network: deterministic.
 */
export function demoStreetsPbf(network: StreetNetwork, localities: LocalityIndex, stations: readonly (LatLon & { shortName: string })[]): Uint8Array {
  const nodes: PbfNodeInput[] = [];
  const ids = new Map<string, number>();
  const nodeId = (p: LatLon) => {
    const key = `${p.lat.toFixed(7)},${p.lon.toFixed(7)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = -(nodes.length + 1);
      ids.set(key, id);
      nodes.push({ id, lat: p.lat, lon: p.lon });
    }
    return id;
  };
  const ways: PbfWayInput[] = [];
  for (const road of network.roadLines) {
    const half = Math.floor(road.points.length / 2);
    const tags = (name: string) => ({ highway: 'primary', name, maxspeed: '40 mph' });
    ways.push({ refs: road.points.slice(0, half + 1).map(nodeId), tags: tags(road.nearFrom) });
    ways.push({ refs: road.points.slice(half).map(nodeId), tags: tags(road.nearTo) });
  }
  const centres: LatLon[] = [...network.servedNodes()];
  for (const node of centres) ways.push(...gridWays(node, placeName(localities.nearest(node)), nodeId));
  for (const station of stations) {
    let nearest = centres[0];
    for (const c of centres) if (distanceMetres(c, station) < distanceMetres(nearest, station)) nearest = c;
    if (distanceMetres(nearest, station) <= OWN_GRID_M) continue;
    const centre = { lat: station.lat, lon: station.lon };
    ways.push(...gridWays(centre, station.shortName, nodeId));
    if (distanceMetres(nearest, station) <= MAX_ACCESS_ROAD_M) ways.push({ refs: [centre, nearest].map(nodeId), tags: { highway: 'unclassified', name: `${station.shortName} Road`, maxspeed: '30 mph' } });
    centres.push(centre);
  }
  return encodeOsmPbf(nodes, ways);
}

/** The 5 x 5 town grid centred on `centre` (rows west-east, south to north), with its one-way row, precinct column and corner footway. */
function gridWays(centre: LatLon, place: string, nodeId: (p: LatLon) => number): PbfWayInput[] {
  const ways: PbfWayInput[] = [];
  const mid = (GRID_LINES - 1) / 2;
  const grid = Array.from({ length: GRID_LINES }, (_, r) =>
    Array.from({ length: GRID_LINES }, (_, c) => (r === mid && c === mid ? centre : offsetMetres(offsetMetres(centre, 0, (r - mid) * GRID_SPACING_M), 90, (c - mid) * GRID_SPACING_M))),
  );
  for (let r = 0; r < GRID_LINES; r++) {
    const tags: Record<string, string> = { highway: 'residential', name: `${ROW_NAMES[r]}`, maxspeed: '20 mph' };
    if (r === 1) tags.oneway = 'yes';
    ways.push({ refs: grid[r].map(nodeId), tags });
  }
  for (let c = 0; c < GRID_LINES; c++) {
    const column = grid.map((row) => row[c]);
    const tags: Record<string, string> = c === 3 ? { highway: 'pedestrian', name: `${place} Precinct` } : { highway: 'residential', name: COLUMN_NAMES[c], maxspeed: '20 mph' };
    ways.push({ refs: column.map(nodeId), tags });
  }
  ways.push({ refs: [grid[0][1], grid[1][0]].map(nodeId), tags: { highway: 'footway' } });
  return ways;
}
