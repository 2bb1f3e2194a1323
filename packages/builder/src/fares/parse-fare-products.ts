import { readCsv, cell } from '../source/csv.js';
import { columns, issueFn, type GtfsContext } from '../gtfs/gtfs-context.js';
import { readDeclaredIds } from './read-declared-ids.js';
import type { GtfsFaresV2Model } from './gtfs-fares-v2-model.js';

const AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/**
 * fare_media.txt, rider_categories.txt and fare_products.txt of one feed. A product keeps the
 * cheapest of its rows across fare media, among rows for any rider (empty rider_category_id) or
 * for the feed's default category (is_default_fare_category = 1); rows for other categories
 * (child, senior, ...) are left out without an issue. Only GBP rows are kept.
 */
export async function parseFareProducts(ctx: GtfsContext, v2: GtfsFaresV2Model): Promise<void> {
  const media = ctx.source.has('fare_media.txt') ? await parseFareMedia(ctx) : new Set<string>();
  const categories = ctx.source.has('rider_categories.txt') ? await parseRiderCategories(ctx) : new Map<string, boolean>();
  if (!ctx.source.has('fare_products.txt')) return;
  const issue = issueFn(ctx, 'fare_products.txt');
  const names = ['fare_product_id', 'fare_media_id', 'rider_category_id', 'amount', 'currency'] as const;
  let c: Record<string, number> = {};
  await readCsv(ctx.source, 'fare_products.txt', (h) => (c = columns(h, names)), (rec, line) => {
    const [id, mediaId, categoryId, amount, currency] = names.map((n) => cell(rec, c[n]));
    if (!id) return issue(line, 'missing_id', '', 'fare_product_id', '', 'fare product without fare_product_id');
    if (!AMOUNT.test(amount)) return issue(line, 'bad_amount', id, 'amount', amount, 'amount is not an amount in pounds with at most 2 decimals');
    if (currency.toUpperCase() !== 'GBP') return issue(line, 'unsupported_currency', id, 'currency', currency, 'only GBP fare products are kept');
    if (mediaId && !media.has(mediaId)) return issue(line, 'unknown_fare_media', id, 'fare_media_id', mediaId, 'fare product refers to fare media not in fare_media.txt');
    const isDefault = categoryId ? categories.get(categoryId) : true;
    if (isDefault === undefined) return issue(line, 'unknown_rider_category', id, 'rider_category_id', categoryId, 'fare product refers to a rider category not in rider_categories.txt');
    if (!isDefault) return; // a concession fare: the API quotes adult fares
    const pence = Math.round(Number(amount) * 100);
    const idx = v2.productIds.add(ctx.feed, id);
    const known = v2.products[idx];
    if (!known) v2.products[idx] = { id, pence, source: `GTFS ${ctx.source.name} fare_product_id ${id}` };
    else known.pence = Math.min(known.pence, pence);
  });
}

/** fare_media_id values with a valid fare_media_type (0 to 4). */
function parseFareMedia(ctx: GtfsContext): Promise<Set<string>> {
  return readDeclaredIds(ctx, 'fare_media.txt', 'fare media', ['fare_media_id', 'fare_media_type'], (id, row, line, issue) => {
    const type = row('fare_media_type');
    if (/^[0-4]$/.test(type)) return true;
    issue(line, 'bad_fare_media_type', id, 'fare_media_type', type, 'fare_media_type must be 0 to 4');
    return false;
  });
}

/** rider_category_id -> is the default category. */
async function parseRiderCategories(ctx: GtfsContext): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  await readDeclaredIds(ctx, 'rider_categories.txt', 'rider category', ['rider_category_id', 'is_default_fare_category'], (id, row) => {
    out.set(id, row('is_default_fare_category') === '1');
    return true;
  });
  return out;
}
