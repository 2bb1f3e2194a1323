import { readCsv, cell } from '../source/csv.js';
import { columns, issueFn, type GtfsContext } from '../gtfs/gtfs-context.js';
import type { GtfsFareModel } from './gtfs-fare-model.js';

const PRICE = /^\d+(\.\d{1,2})?$/;

/**
 * GTFS fares v1 of one feed: fare_attributes.txt, fare_rules.txt (optional) and the zone_id of
 * stops.txt. Runs after routes and agencies are parsed. Bad rows are issues and are skipped;
 * fares in another currency than GBP are skipped (the API reports pounds). A fare without rules
 * applies to every route of the feed (of its agency, when it names one). Fares v2:
 * parse-gtfs-fares-v2.ts.
 */
export async function parseGtfsFares(ctx: GtfsContext, gtfs: GtfsFareModel): Promise<void> {
  const scope = gtfs.scopeCount++;
  for (const [key, route] of ctx.tt.routeByKey) if (key.startsWith(`${ctx.feed}:`)) gtfs.routeScope.set(route, scope);
  const first = gtfs.fares.length;
  await parseFareAttributes(ctx, gtfs, scope);
  const ruled = ctx.source.has('fare_rules.txt') ? await parseFareRules(ctx, gtfs) : new Set<number>();
  for (let fare = first; fare < gtfs.fares.length; fare++) if (!ruled.has(fare)) gtfs.rules.push({ fare, route: -1, origin: -1, destination: -1 });
  await parseStopZones(ctx, gtfs);
}

async function parseFareAttributes(ctx: GtfsContext, gtfs: GtfsFareModel, scope: number): Promise<void> {
  const issue = issueFn(ctx, 'fare_attributes.txt');
  let c: Record<string, number> = {};
  const names = ['fare_id', 'price', 'currency_type', 'transfers', 'agency_id', 'transfer_duration'];
  await readCsv(ctx.source, 'fare_attributes.txt', (h) => (c = columns(h, names)), (rec, line) => {
    const id = cell(rec, c.fare_id);
    const [price, currency, transfers, agencyId, duration] = ['price', 'currency_type', 'transfers', 'agency_id', 'transfer_duration'].map((n) => cell(rec, c[n]));
    if (!id) return issue(line, 'missing_id', '', 'fare_id', '', 'fare without fare_id');
    const key = `${ctx.feed}:${id}`;
    if (gtfs.fareByKey.has(key)) return issue(line, 'duplicate_id', id, 'fare_id', id, 'fare_id listed twice; first kept');
    if (!PRICE.test(price)) return issue(line, 'bad_price', id, 'price', price, 'price is not a non-negative amount with at most 2 decimals');
    if (currency.toUpperCase() !== 'GBP') return issue(line, 'unsupported_currency', id, 'currency_type', currency, 'only GBP fares are kept');
    if (transfers && !/^[012]$/.test(transfers)) return issue(line, 'bad_transfers', id, 'transfers', transfers, 'transfers must be 0, 1, 2 or empty (unlimited)');
    if (duration && !/^\d+$/.test(duration)) return issue(line, 'bad_transfer_duration', id, 'transfer_duration', duration, 'transfer_duration must be whole seconds');
    const agency = agencyId ? ctx.tt.agencyByKey.get(`${ctx.feed}:${agencyId}`) : -1;
    if (agency === undefined) return issue(line, 'unknown_agency', id, 'agency_id', agencyId, 'fare refers to an agency not in agency.txt');
    gtfs.fareByKey.set(key, gtfs.fares.length);
    gtfs.fares.push({
      id,
      scope,
      pence: Math.round(Number(price) * 100),
      agency,
      transfers: transfers ? Number(transfers) : 255,
      transferSeconds: duration ? Number(duration) : -1,
      contains: new Set(),
      source: `GTFS ${ctx.source.name} fare_id ${id}`,
    });
  });
}

/** Returns the fares that have at least one rule. */
async function parseFareRules(ctx: GtfsContext, gtfs: GtfsFareModel): Promise<Set<number>> {
  const issue = issueFn(ctx, 'fare_rules.txt');
  const ruled = new Set<number>();
  const seen = new Set<string>();
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'fare_rules.txt', (h) => (c = columns(h, ['fare_id', 'route_id', 'origin_id', 'destination_id', 'contains_id'])), (rec, line) => {
    const [fareId, routeId, originId, destinationId, containsId] = ['fare_id', 'route_id', 'origin_id', 'destination_id', 'contains_id'].map((n) => cell(rec, c[n]));
    const fare = gtfs.fareByKey.get(`${ctx.feed}:${fareId}`);
    if (fare === undefined) return issue(line, 'unknown_fare', fareId, 'fare_id', fareId, 'rule refers to a fare not kept from fare_attributes.txt');
    const route = routeId ? ctx.tt.routeByKey.get(`${ctx.feed}:${routeId}`) : -1;
    if (route === undefined) return issue(line, 'unknown_route', fareId, 'route_id', routeId, 'rule refers to a route not in routes.txt');
    const zone = (z: string) => (z ? gtfs.zones.add(ctx.feed, z) : -1);
    if (containsId) gtfs.fares[fare].contains.add(zone(containsId));
    const rule = { fare, route, origin: zone(originId), destination: zone(destinationId) };
    ruled.add(fare);
    const key = `${rule.fare}|${rule.route}|${rule.origin}|${rule.destination}`;
    if (!seen.has(key)) gtfs.rules.push(rule); // contains_id rows of one fare repeat the same rule
    seen.add(key);
  });
  return ruled;
}

async function parseStopZones(ctx: GtfsContext, gtfs: GtfsFareModel): Promise<void> {
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'stops.txt', (h) => (c = columns(h, ['stop_id', 'zone_id', 'location_type'])), (rec) => {
    const id = cell(rec, c.stop_id);
    const zoneId = cell(rec, c.zone_id);
    const type = cell(rec, c.location_type);
    if (!id || !zoneId || (type && type !== '0')) return;
    const zones = gtfs.stopZones.get(id) ?? [];
    const zone = gtfs.zones.add(ctx.feed, zoneId);
    if (!zones.includes(zone)) zones.push(zone);
    gtfs.stopZones.set(id, zones);
  });
}
