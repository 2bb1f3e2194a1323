import type { GtfsContext } from '../gtfs/gtfs-context.js';
import { parseGtfsFares } from './parse-gtfs-fares.js';
import { parseGtfsFaresV2 } from './parse-gtfs-fares-v2.js';

/**
 * The fare files of one GTFS feed: fares v1 when it has fare_attributes.txt, fares v2 when it has
 * fare_leg_rules.txt. Runs after parseGtfs has read the feed's agencies, stops and routes.
 */
export async function parseGtfsFeedFares(ctx: GtfsContext): Promise<void> {
  if (ctx.source.has('fare_attributes.txt')) await parseGtfsFares(ctx, ctx.ds.fares.gtfs);
  if (ctx.source.has('fare_leg_rules.txt')) await parseGtfsFaresV2(ctx, ctx.ds.fares.v2);
}
