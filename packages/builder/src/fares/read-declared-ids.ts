import { readCsv, cell } from '../source/csv.js';
import { columns, issueFn, type GtfsContext, type IssueFn } from '../gtfs/gtfs-context.js';

/** The fields of one row by name (empty when absent). */
export type RowFields = (name: string) => string;

/**
 * Reads a GTFS fare file that declares one id per row (networks.txt, areas.txt, fare_media.txt,
 * rider_categories.txt): `fields[0]` is the id field. A row without an id, or repeating a kept
 * one, is an issue and is skipped. `keep` sees every other row and returns whether it is kept (it
 * raises its own issue when not). Returns the kept ids in file order.
 */
export async function readDeclaredIds(
  ctx: GtfsContext,
  file: string,
  entity: string,
  fields: readonly string[],
  keep: (id: string, row: RowFields, line: number, issue: IssueFn) => boolean,
): Promise<Set<string>> {
  const issue = issueFn(ctx, file);
  const idField = fields[0];
  const kept = new Set<string>();
  let c: Record<string, number> = {};
  await readCsv(ctx.source, file, (h) => (c = columns(h, fields)), (rec, line) => {
    const id = cell(rec, c[idField]);
    if (!id) return issue(line, 'missing_id', '', idField, '', `${entity} without ${idField}`);
    if (kept.has(id)) return issue(line, 'duplicate_id', id, idField, id, `${idField} listed twice; first kept`);
    if (keep(id, (name) => cell(rec, c[name]), line, issue)) kept.add(id);
  });
  return kept;
}
