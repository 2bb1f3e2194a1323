/**
 * The deterministic demo dataset: a small South and West Yorkshire world (bus, coach, tram and
 * rail) written as GTFS, NaPTAN, rail-station and postcode files, so the builder and server can
 * be run and tested without downloading anything.
 */
import { createRandom, WORLD_SEED } from './random.js';
import { LocalityIndex } from './localities.js';
import { StreetNetwork } from './network.js';
import { planBusLines } from './bus-plans.js';
import { buildTram } from './tram.js';
import { buildRail, railStationsCsv } from './rail.js';
import { scheduleLine } from './timetable.js';
import { AGENCIES } from './lines.js';
import { writeGtfs } from './gtfs-files.js';
import { naptanCsv } from './naptan-csv.js';
import { postcodesCsv } from './postcodes.js';
import { demoStreetsPbf } from './streets.js';
import type { DemoStop } from './model.js';

export interface DemoFiles {
  /** GTFS files by name: agency.txt, stops.txt, routes.txt, trips.txt, stop_times.txt, calendar.txt, calendar_dates.txt, shapes.txt, feed_info.txt */
  gtfs: Map<string, string>;
  /** NaPTAN Stops.csv text with exactly the 43-column header of a real NaPTAN export. */
  naptan: string;
  /** Rail stations CSV: `stationName,lat,long,crsCode,iataAirportCode,constituentCountry`. */
  railStations: string;
  /** Postcodes CSV: `Postcode,lat,long`, postcode with its space, 5 decimals. */
  postcodes: string;
  /** OpenStreetMap PBF of the demo's streets: the bus roads, a small grid around each served node, and a grid with an access road at each station and tram stop away from them (demo/streets.ts). */
  osm: Uint8Array;
}

/**
 * Generates the demo dataset. A pure function of `seed` (default 1): the same seed gives
 * byte-identical files; another seed keeps the same world (stops, routes, names) but moves
 * departure times and nudges positions by a few metres. Takes well under a second.
 */
export function generateDemo(options: { seed?: number } = {}): DemoFiles {
  const seed = options.seed ?? 1;
  // Independent streams, so one kind of variation never shifts another.
  const world = createRandom(WORLD_SEED);
  const times = createRandom(seed);
  const jitter = createRandom(seed ^ 0x2545f491);
  const shapes = createRandom(seed ^ 0x68e31da4);
  const localities = new LocalityIndex();
  const network = new StreetNetwork(world, jitter, localities);
  const busPlans = planBusLines(network, localities);
  addClosedStops(network);
  const tram = buildTram(localities);
  const rail = buildRail(localities);
  const plans = [...busPlans, ...tram.plans, ...rail.plans];
  const trips = plans.flatMap((plan) => scheduleLine(plan, times));
  const allStops = [...network.stops, ...tram.stops, ...rail.stops].sort(byAtco);
  const served = new Set(plans.flatMap((p) => [...p.full, ...(p.short ?? [])]).flatMap((pattern) => pattern.stops));
  const gtfs = writeGtfs({ agencies: AGENCIES, routes: plans.map((p) => p.route), stops: allStops.filter((s) => served.has(s)), trips, seed }, shapes);
  return { gtfs, naptan: naptanCsv(allStops), railStations: railStationsCsv(), postcodes: postcodesCsv(world, jitter), osm: demoStreetsPbf(network, localities, [...rail.stops, ...tram.stops]) };
}

/** Four stops no line serves (closed stands and a withdrawn stop pair): NaPTAN Status inactive. */
function addClosedStops(network: StreetNetwork): void {
  network.addClosedStop('BAR', 200, 'Barnsley Interchange', 'Stand D9', 'BCS');
  network.addClosedStop('DON', 20, 'Frenchgate Interchange', 'Stand C8', 'BCS');
  network.addClosedStop('WAK', 300, 'Kirkgate Market', 'adj', 'BCT');
  network.addClosedStop('LDS', 110, 'Vicar Lane', 'o/s 21', 'BCT');
}

function byAtco(a: DemoStop, b: DemoStop): number {
  return a.atco < b.atco ? -1 : a.atco > b.atco ? 1 : 0;
}
