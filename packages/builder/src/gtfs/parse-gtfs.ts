import { StopKind } from '../dataset.js';
import { readCsv, cell } from '../source/csv.js';
import { BuildError } from '../issues.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { parseDay } from '@transit/engine';
import { columns, issueFn, type GtfsContext } from './gtfs-context.js';
import { parseStopTimes } from './parse-stop-times.js';
import { parseShapes } from './parse-shapes.js';
import { ownString } from '../source/own-string.js';

const REQUIRED = ['stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];

/**
 * Reads one GTFS feed (zip or folder) into the dataset's stops and the timetable model. Its fare
 * files are read afterwards by parseGtfsFeedFares (fares/parse-gtfs-feed-fares.ts).
 */
export async function parseGtfs(ctx: GtfsContext): Promise<void> {
  const { source } = ctx;
  const missing = REQUIRED.filter((f) => !source.has(f));
  if (missing.length) throw new BuildError(`${source.name} is not a complete GTFS feed: missing ${missing.join(', ')}.`);
  if (!source.has('calendar.txt') && !source.has('calendar_dates.txt')) throw new BuildError(`${source.name}: GTFS needs calendar.txt or calendar_dates.txt.`);
  if (source.has('agency.txt')) await parseAgencies(ctx);
  await parseStops(ctx);
  await parseRoutes(ctx);
  if (source.has('calendar.txt')) await parseCalendar(ctx);
  if (source.has('calendar_dates.txt')) await parseCalendarDates(ctx);
  if (source.has('shapes.txt')) await parseShapes(ctx);
  await parseTrips(ctx);
  await parseStopTimes(ctx);
}

async function parseAgencies(ctx: GtfsContext): Promise<void> {
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'agency.txt', (h) => (c = columns(h, ['agency_id', 'agency_name', 'agency_url', 'agency_noc'])), (rec) => {
    const id = cell(rec, c.agency_id);
    const key = `${ctx.feed}:${id}`;
    if (ctx.tt.agencyByKey.has(key)) return;
    ctx.tt.agencyByKey.set(key, ctx.tt.agencies.length);
    ctx.tt.agencies.push({ id: id || cell(rec, c.agency_name), name: cell(rec, c.agency_name), noc: cell(rec, c.agency_noc), url: cell(rec, c.agency_url) });
  });
}

async function parseStops(ctx: GtfsContext): Promise<void> {
  const issue = issueFn(ctx, 'stops.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'stops.txt', (h) => (c = columns(h, ['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon', 'location_type', 'platform_code'])), (rec, line) => {
    const id = cell(rec, c.stop_id);
    const locationType = cell(rec, c.location_type);
    if (locationType && locationType !== '0') return; // stations, entrances and nodes are not boarding points
    if (!id) return issue(line, 'missing_id', '', 'stop_id', '', 'stop without stop_id');
    ctx.tt.stopIndex(ownString(id)); // the model keeps its stops' ids and names to the end: copies, not slices of the line
    const known = ctx.ds.stops.row(id);
    if (known >= 0 && ctx.ds.stops.active(known)) {
      if (!ctx.ds.stops.crs(known) && /^[A-Z]{3}$/.test(cell(rec, c.stop_code))) ctx.ds.stops.setCrs(known, cell(rec, c.stop_code));
      return; // NaPTAN knows it: its richer record wins
    }
    const lat = Number(cell(rec, c.stop_lat));
    const lon = Number(cell(rec, c.stop_lon));
    if (!isCoordinate(lat, lon) && known < 0) return issue(line, 'bad_coordinate', id, 'stop_lat', `${cell(rec, c.stop_lat)},${cell(rec, c.stop_lon)}`, 'stop without usable coordinates');
    if (known >= 0) {
      ctx.ds.stops.setActive(known); // an inactive NaPTAN stop that a timetable still uses
      return;
    }
    const code = cell(rec, c.stop_code);
    const atco = ctx.tt.stopAtcos[ctx.tt.stopIndex(id)];
    ctx.ds.stops.set(atco, {
      atco,
      naptanCode: /^[A-Z]{3}$/.test(code) ? '' : ownString(code),
      name: ownString(cell(rec, c.stop_name)),
      shortName: '',
      indicator: ownString(cell(rec, c.platform_code)),
      street: '',
      locality: '',
      localityCode: '',
      parentLocality: '',
      town: '',
      bearing: '',
      crs: /^[A-Z]{3}$/.test(code) ? code : '',
      lat,
      lon,
      kind: StopKind.Bus, // refined from the routes serving it when compiling
      inNaptan: false,
      active: true,
    });
  });
}

async function parseRoutes(ctx: GtfsContext): Promise<void> {
  const issue = issueFn(ctx, 'routes.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'routes.txt', (h) => (c = columns(h, ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type', 'route_color'])), (rec, line) => {
    const id = cell(rec, c.route_id);
    const key = `${ctx.feed}:${id}`;
    if (!id) return issue(line, 'missing_id', '', 'route_id', '', 'route without route_id');
    if (ctx.tt.routeByKey.has(key)) return issue(line, 'duplicate_id', id, 'route_id', id, 'route_id listed twice; first kept');
    const type = Number(cell(rec, c.route_type));
    if (!Number.isInteger(type) || type < 0) return issue(line, 'bad_route_type', id, 'route_type', cell(rec, c.route_type), 'route_type is not a GTFS route type');
    let agency = ctx.tt.agencyByKey.get(`${ctx.feed}:${cell(rec, c.agency_id)}`);
    if (agency === undefined) agency = defaultAgency(ctx);
    ctx.tt.routeByKey.set(key, ctx.tt.routes.length);
    const colour = cell(rec, c.route_color);
    const color = /^[0-9a-fA-F]{6}$/.test(colour) ? parseInt(colour, 16) : undefined;
    // A cosmetic field: an unreadable colour is reported and left out, the route kept.
    if (colour && color === undefined) ctx.ds.issues.add({ code: 'bad_route_color', severity: 'warning', file: `${ctx.source.name}:routes.txt`, line, entityId: id, field: 'route_color', value: colour, message: 'route_color is not six hex digits; ignored' });
    ctx.tt.routes.push({ id: ownString(id), shortName: ownString(cell(rec, c.route_short_name)), longName: ownString(cell(rec, c.route_long_name)), agency, type, color });
  });
}

/** The feed's agency when routes leave agency_id empty (single-agency feeds). */
function defaultAgency(ctx: GtfsContext): number {
  for (const [key, idx] of ctx.tt.agencyByKey) if (key.startsWith(`${ctx.feed}:`)) return idx;
  ctx.tt.agencyByKey.set(`${ctx.feed}:`, ctx.tt.agencies.length);
  ctx.tt.agencies.push({ id: ctx.feed, name: ctx.source.name, noc: '', url: '' });
  return ctx.tt.agencies.length - 1;
}

function serviceIndex(ctx: GtfsContext, id: string): number {
  const key = `${ctx.feed}:${id}`;
  let idx = ctx.tt.serviceByKey.get(key);
  if (idx === undefined) {
    idx = ctx.tt.services.length;
    ctx.tt.serviceByKey.set(key, idx);
    ctx.tt.services.push({ id: ownString(id), weekdays: 0, start: NaN, end: NaN, added: [], removed: [] });
  }
  return idx;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

async function parseCalendar(ctx: GtfsContext): Promise<void> {
  const issue = issueFn(ctx, 'calendar.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'calendar.txt', (h) => (c = columns(h, ['service_id', 'start_date', 'end_date', ...WEEKDAYS])), (rec, line) => {
    const id = cell(rec, c.service_id);
    const start = parseDay(cell(rec, c.start_date));
    const end = parseDay(cell(rec, c.end_date));
    if (!id) return issue(line, 'missing_id', '', 'service_id', '', 'calendar row without service_id');
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) return issue(line, 'bad_date', id, 'start_date', `${cell(rec, c.start_date)}..${cell(rec, c.end_date)}`, 'calendar dates missing, malformed or reversed');
    const s = serviceIndex(ctx, id);
    if (ctx.tt.services.hasCalendar(s)) return issue(line, 'duplicate_id', id, 'service_id', id, 'service_id listed twice in calendar.txt; first kept');
    ctx.tt.services.setCalendar(s, start, end, WEEKDAYS.reduce((mask, d, i) => (cell(rec, c[d]) === '1' ? mask | (1 << i) : mask), 0));
  });
}

async function parseCalendarDates(ctx: GtfsContext): Promise<void> {
  const issue = issueFn(ctx, 'calendar_dates.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'calendar_dates.txt', (h) => (c = columns(h, ['service_id', 'date', 'exception_type'])), (rec, line) => {
    const id = cell(rec, c.service_id);
    const day = parseDay(cell(rec, c.date));
    const type = cell(rec, c.exception_type);
    if (!id) return issue(line, 'missing_id', '', 'service_id', '', 'calendar date without service_id');
    if (Number.isNaN(day)) return issue(line, 'bad_date', id, 'date', cell(rec, c.date), 'malformed date');
    if (type !== '1' && type !== '2') return issue(line, 'bad_exception_type', id, 'exception_type', type, 'exception_type must be 1 (added) or 2 (removed)');
    ctx.tt.services.addException(serviceIndex(ctx, id), day, type === '1');
  });
}

async function parseTrips(ctx: GtfsContext): Promise<void> {
  const issue = issueFn(ctx, 'trips.txt');
  const tt = ctx.tt;
  let c: Record<string, number> = {};
  const names = ['trip_id', 'route_id', 'service_id', 'trip_headsign', 'direction_id', 'shape_id', 'block_id', 'vehicle_journey_code'];
  await readCsv(ctx.source, 'trips.txt', (h) => (c = columns(h, names)), (rec, line) => {
    const id = cell(rec, c.trip_id);
    if (!id) return issue(line, 'missing_id', '', 'trip_id', '', 'trip without trip_id');
    if (tt.tripById.has(id)) return issue(line, 'duplicate_id', id, 'trip_id', id, 'trip_id already used (in this or an earlier feed); first kept');
    const route = tt.routeByKey.get(`${ctx.feed}:${cell(rec, c.route_id)}`);
    if (route === undefined) return issue(line, 'unknown_route', id, 'route_id', cell(rec, c.route_id), 'trip refers to a route not in routes.txt');
    const service = tt.serviceByKey.get(`${ctx.feed}:${cell(rec, c.service_id)}`);
    if (service === undefined) return issue(line, 'unknown_service', id, 'service_id', cell(rec, c.service_id), 'trip refers to a service in neither calendar.txt nor calendar_dates.txt');
    const dir = cell(rec, c.direction_id);
    const shapeId = cell(rec, c.shape_id);
    const shape = shapeId ? tt.shapeByKey.get(`${ctx.feed}:${shapeId}`) ?? -1 : -1;
    if (shapeId && shape < 0) issue(line, 'unknown_shape', id, 'shape_id', shapeId, 'trip refers to a shape not in shapes.txt; kept without shape');
    const ownId = ownString(id);
    tt.tripById.set(ownId, tt.trips.length);
    tt.trips.push({
      id: ownId,
      route,
      service,
      headsign: cell(rec, c.trip_headsign),
      direction: dir === '0' ? 0 : dir === '1' ? 1 : 255,
      shape,
      block: cell(rec, c.block_id),
      vehicleJourneyCode: cell(rec, c.vehicle_journey_code),
    });
  });
}
