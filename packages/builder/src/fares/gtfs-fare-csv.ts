import type { CsvHeader } from '../source/csv.js';
import type { GtfsContext } from '../gtfs/parse-gtfs.js';

/** Records one skipped row of a GTFS fare file as a feed issue. */
export type IssueFn = (line: number, code: string, entityId: string, field: string, value: string, message: string) => void;

/** Issues of one file of the feed (severity error: the row is skipped). */
export function issueFn(ctx: GtfsContext, file: string): IssueFn {
  return (line, code, entityId, field, value, message) => ctx.ds.issues.add({ code, severity: 'error', file: `${ctx.source.name}:${file}`, line, entityId, field, value, message });
}

/** Column positions by field name (-1 when absent). */
export const cols = (h: CsvHeader, names: readonly string[]): Record<string, number> => Object.fromEntries(names.map((n) => [n, h.col(n)]));
