import type { Dataset } from '../dataset.js';
import type { FeedSource } from '../source/feed-source.js';
import type { CsvHeader } from '../source/csv.js';
import type { Progress } from '../progress.js';
import type { TimetableModel } from './timetable-model.js';

/** Per-file context handed to the row parsers of one GTFS feed (timetable and fares). */
export interface GtfsContext {
  ds: Dataset;
  tt: TimetableModel;
  source: FeedSource;
  /** Namespace for feed-scoped ids (routes, services, shapes, agencies). */
  feed: string;
  progress?: Progress;
}

/** Column positions by GTFS field name for one file (-1 when absent). */
export function columns(h: CsvHeader, names: readonly string[]): Record<string, number> {
  return Object.fromEntries(names.map((n) => [n, h.col(n)]));
}

/** Records one skipped row of a GTFS file as a feed issue. */
export type IssueFn = (line: number, code: string, entityId: string, field: string, value: string, message: string) => void;

/** Issues of one file of the feed (severity error: the row is skipped). */
export function issueFn(ctx: GtfsContext, file: string): IssueFn {
  return (line, code, entityId, field, value, message) => ctx.ds.issues.add({ code, severity: 'error', file: `${ctx.source.name}:${file}`, line, entityId, field, value, message });
}
