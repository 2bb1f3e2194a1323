import { readCsv, cell } from '../source/csv.js';
import { columns, issueFn, type GtfsContext } from '../gtfs/gtfs-context.js';
import type { FeedIds, GtfsFaresV2Model } from './gtfs-fares-v2-model.js';
import { parseFareProducts } from './parse-fare-products.js';
import { readDeclaredIds } from './read-declared-ids.js';

/**
 * GTFS fares v2 of one feed (docs/fares.md): networks (networks.txt, route_networks.txt,
 * routes.network_id), areas (areas.txt, stop_areas.txt; a station stands for its platforms),
 * fare products (fare_media.txt, rider_categories.txt, fare_products.txt), fare_leg_rules.txt and
 * fare_transfer_rules.txt. Runs after stops and routes are parsed, when the feed has
 * fare_leg_rules.txt. Bad rows are issues and are skipped; timeframes are not read, so leg rules
 * naming one are skipped with an issue.
 */
export async function parseGtfsFaresV2(ctx: GtfsContext, v2: GtfsFaresV2Model): Promise<void> {
  const scope = v2.scopePriority.push(false) - 1;
  for (const [key, route] of ctx.tt.routeByKey) if (key.startsWith(`${ctx.feed}:`)) v2.routeScope.set(route, scope);
  await parseNetworks(ctx, v2);
  await parseAreas(ctx, v2);
  await parseFareProducts(ctx, v2);
  await parseLegRules(ctx, v2, scope);
  if (ctx.source.has('fare_transfer_rules.txt')) await parseTransferRules(ctx, v2, scope);
}

/** A readDeclaredIds `keep` that keeps every id and numbers it in `ids`. */
const declareIn = (ids: FeedIds, feed: string) => (id: string) => {
  ids.add(feed, id);
  return true;
};

const cells = (rec: string[], c: Record<string, number>, names: readonly string[]) => names.map((n) => cell(rec, c[n]));

async function parseNetworks(ctx: GtfsContext, v2: GtfsFaresV2Model): Promise<void> {
  const { feed, source } = ctx;
  if (source.has('networks.txt')) await readDeclaredIds(ctx, 'networks.txt', 'network', ['network_id'], declareIn(v2.networks, feed));
  let c: Record<string, number> = {};
  await readCsv(source, 'routes.txt', (h) => (c = columns(h, ['route_id', 'network_id'])), (rec) => {
    const [routeId, networkId] = cells(rec, c, ['route_id', 'network_id']);
    const route = ctx.tt.routeByKey.get(`${feed}:${routeId}`);
    if (networkId && route !== undefined && !v2.routeNetwork.has(route)) v2.routeNetwork.set(route, v2.networks.add(feed, networkId));
  });
  if (!source.has('route_networks.txt')) return;
  const issue = issueFn(ctx, 'route_networks.txt');
  await readCsv(source, 'route_networks.txt', (h) => (c = columns(h, ['network_id', 'route_id'])), (rec, line) => {
    const [networkId, routeId] = cells(rec, c, ['network_id', 'route_id']);
    const network = v2.networks.get(feed, networkId);
    if (network === undefined) return issue(line, 'unknown_network', routeId, 'network_id', networkId, 'route network not in networks.txt');
    const route = ctx.tt.routeByKey.get(`${feed}:${routeId}`);
    if (route === undefined) return issue(line, 'unknown_route', routeId, 'route_id', routeId, 'route network refers to a route not in routes.txt');
    if (v2.routeNetwork.has(route)) return issue(line, 'duplicate_id', routeId, 'route_id', routeId, 'route already in a network; first kept');
    v2.routeNetwork.set(route, network);
  });
}

async function parseAreas(ctx: GtfsContext, v2: GtfsFaresV2Model): Promise<void> {
  const { feed, source } = ctx;
  const declared = source.has('areas.txt') ? await readDeclaredIds(ctx, 'areas.txt', 'area', ['area_id'], declareIn(v2.areas, feed)) : new Set<string>();
  if (!source.has('stop_areas.txt')) return;
  const platforms = await stationPlatforms(ctx);
  const issue = issueFn(ctx, 'stop_areas.txt');
  let c: Record<string, number> = {};
  await readCsv(source, 'stop_areas.txt', (h) => (c = columns(h, ['area_id', 'stop_id'])), (rec, line) => {
    const [areaId, stopId] = cells(rec, c, ['area_id', 'stop_id']);
    if (!declared.has(areaId)) return issue(line, 'unknown_area', stopId, 'area_id', areaId, 'stop area refers to an area not in areas.txt');
    const stops = platforms.get(stopId);
    if (!stops) return issue(line, 'unknown_stop', stopId, 'stop_id', stopId, 'stop area refers to a stop not in stops.txt');
    const area = v2.areas.add(feed, areaId);
    for (const stop of stops) {
      const areas = v2.stopAreas.get(stop) ?? [];
      if (!areas.includes(area)) areas.push(area);
      v2.stopAreas.set(stop, areas);
    }
  });
}

/** stop_id -> the boarding stops it stands for: itself for a stop, its platforms for a station. */
async function stationPlatforms(ctx: GtfsContext): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'stops.txt', (h) => (c = columns(h, ['stop_id', 'location_type', 'parent_station'])), (rec) => {
    const [id, type, parent] = cells(rec, c, ['stop_id', 'location_type', 'parent_station']);
    if (!id) return;
    if (!out.has(id)) out.set(id, []);
    if (type && type !== '0') return;
    out.get(id)!.push(id);
    if (parent) {
      if (!out.has(parent)) out.set(parent, []);
      out.get(parent)!.push(id);
    }
  });
  return out;
}

const LEG_FIELDS = ['leg_group_id', 'network_id', 'from_area_id', 'to_area_id', 'from_timeframe_group_id', 'to_timeframe_group_id', 'fare_product_id', 'rule_priority'] as const;

async function parseLegRules(ctx: GtfsContext, v2: GtfsFaresV2Model, scope: number): Promise<void> {
  const { feed } = ctx;
  const issue = issueFn(ctx, 'fare_leg_rules.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'fare_leg_rules.txt', (h) => {
    c = columns(h, LEG_FIELDS);
    v2.scopePriority[scope] = c.rule_priority >= 0;
  }, (rec, line) => {
    const [groupId, networkId, fromAreaId, toAreaId, fromTimeframe, toTimeframe, productId, priority] = cells(rec, c, LEG_FIELDS);
    const product = v2.productIds.get(feed, productId);
    if (product === undefined) return issue(line, 'unknown_fare_product', productId, 'fare_product_id', productId, 'leg rule refers to a fare product not kept from fare_products.txt');
    const network = networkId ? v2.networks.get(feed, networkId) : -1;
    if (network === undefined) return issue(line, 'unknown_network', productId, 'network_id', networkId, 'leg rule refers to a network in neither networks.txt nor routes.txt');
    const [fromArea, toArea] = [fromAreaId, toAreaId].map((a) => (a ? v2.areas.get(feed, a) : -1));
    if (fromArea === undefined) return issue(line, 'unknown_area', productId, 'from_area_id', fromAreaId, 'leg rule refers to an area not in areas.txt');
    if (toArea === undefined) return issue(line, 'unknown_area', productId, 'to_area_id', toAreaId, 'leg rule refers to an area not in areas.txt');
    if (fromTimeframe || toTimeframe) {
      const field = fromTimeframe ? 'from_timeframe_group_id' : 'to_timeframe_group_id';
      return issue(line, 'unsupported_timeframe', productId, field, fromTimeframe || toTimeframe, 'leg rules limited to a timeframe are not supported; rule skipped');
    }
    if (priority && !/^\d{1,9}$/.test(priority)) return issue(line, 'bad_rule_priority', productId, 'rule_priority', priority, 'rule_priority must be a non-negative integer');
    const group = groupId ? v2.legGroups.add(feed, groupId) : -1;
    v2.legRules.push({ scope, network, fromArea, toArea, product, group, priority: priority ? Number(priority) : 0 });
  });
}

const TRANSFER_FIELDS = ['from_leg_group_id', 'to_leg_group_id', 'transfer_count', 'duration_limit', 'duration_limit_type', 'fare_transfer_type', 'fare_product_id'] as const;

async function parseTransferRules(ctx: GtfsContext, v2: GtfsFaresV2Model, scope: number): Promise<void> {
  const { feed } = ctx;
  const issue = issueFn(ctx, 'fare_transfer_rules.txt');
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'fare_transfer_rules.txt', (h) => (c = columns(h, TRANSFER_FIELDS)), (rec, line) => {
    const [fromId, toId, count, duration, durationType, type, productId] = cells(rec, c, TRANSFER_FIELDS);
    const entity = `${fromId}>${toId}`;
    const [fromGroup, toGroup] = [fromId, toId].map((g) => (g ? v2.legGroups.get(feed, g) : -1));
    if (fromGroup === undefined) return issue(line, 'unknown_leg_group', entity, 'from_leg_group_id', fromId, 'transfer rule refers to a leg group not in fare_leg_rules.txt');
    if (toGroup === undefined) return issue(line, 'unknown_leg_group', entity, 'to_leg_group_id', toId, 'transfer rule refers to a leg group not in fare_leg_rules.txt');
    if (fromId === toId ? !/^(-1|[1-9]\d{0,8})$/.test(count) : count !== '') {
      return issue(line, 'bad_transfer_count', entity, 'transfer_count', count, 'transfer_count must be -1 or at least 1 when the leg groups are equal, and empty otherwise');
    }
    if (duration && !/^[1-9]\d{0,8}$/.test(duration)) return issue(line, 'bad_duration_limit', entity, 'duration_limit', duration, 'duration_limit must be a positive number of seconds');
    if (duration ? !/^[0-3]$/.test(durationType) : durationType !== '') {
      return issue(line, 'bad_duration_limit_type', entity, 'duration_limit_type', durationType, 'duration_limit_type must be 0 to 3 with a duration_limit, and empty without');
    }
    if (!/^[012]$/.test(type)) return issue(line, 'bad_fare_transfer_type', entity, 'fare_transfer_type', type, 'fare_transfer_type must be 0, 1 or 2');
    const product = productId ? v2.productIds.get(feed, productId) : -1;
    if (product === undefined) return issue(line, 'unknown_fare_product', entity, 'fare_product_id', productId, 'transfer rule refers to a fare product not kept from fare_products.txt');
    v2.transferRules.push({
      scope,
      fromGroup,
      toGroup,
      count: count ? Number(count) : 0,
      durationSeconds: duration ? Number(duration) : -1,
      durationType: duration ? Number(durationType) : 0,
      type: Number(type),
      product,
      source: `GTFS ${ctx.source.name} fare_transfer_rules.txt line ${line}`,
    });
  });
}
