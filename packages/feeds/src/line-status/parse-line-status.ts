import { severityRank, type Disruption, type DisruptionDelivery, type DisruptionPeriod, type DisruptionStatus, type DisruptionStop } from '@transit/engine';
import { FeedParseError } from '../errors.js';
import { num, parseIsoMs, text } from '../feed-values.js';
import { lineStatusMode, lineStatusSeverity } from './line-status-severity.js';

type Json = { [k: string]: unknown };
const decoder = new TextDecoder('utf-8');

/**
 * Parses the capital authority's `Line/Mode/{modes}/Status` JSON (an array of Line objects,
 * each with `lineStatuses[]`) into one record per line: every status is listed (raw code and
 * description kept), the worst gives the record's severity (table in `lineStatusSeverity`),
 * validity is the union of the statuses' periods (none = in force now). Lines of other modes
 * or without an id are skipped and counted. A `simulated: true` property on a Line marks
 * generated demo data. Throws FeedParseError for empty, malformed or non-array JSON.
 */
export function parseLineStatus(bytes: Uint8Array | string): DisruptionDelivery {
  const body = (typeof bytes === 'string' ? bytes : decoder.decode(bytes)).trim();
  if (body.length === 0) throw new FeedParseError('line-status', 'empty document');
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new FeedParseError('line-status', `malformed JSON: ${(err as Error).message}`);
  }
  const lines = Array.isArray(doc) ? doc : isObject(doc) && Array.isArray(doc.lineStatuses) ? [doc] : null;
  if (!lines) throw new FeedParseError('line-status', 'expected an array of Line objects with lineStatuses');
  const out: DisruptionDelivery = { source: 'line_status', producedAtMs: NaN, records: [], seen: 0, skipped: 0 };
  for (const line of lines) {
    out.seen++;
    const rec = isObject(line) ? lineRecord(line) : null;
    if (!rec) {
      out.skipped++;
      continue;
    }
    out.records.push(rec);
    const modified = parseIsoMs(text(line.modified));
    if (Number.isFinite(modified) && !(modified <= out.producedAtMs)) out.producedAtMs = modified;
  }
  return out;
}

function lineRecord(line: Json): Disruption | null {
  const id = text(line.id);
  const mode = lineStatusMode(text(line.modeName));
  if (id === null || mode === null) return null;
  const name = text(line.name) ?? id;
  const raw = Array.isArray(line.lineStatuses) ? line.lineStatuses.filter(isObject) : [];
  const statuses: DisruptionStatus[] = raw.map((s) => {
    const code = num(s.statusSeverity);
    const reason = text(s.reason);
    return { severity: lineStatusSeverity(code, reason), code, description: text(s.statusSeverityDescription) ?? 'Unknown', reason, validity: periods(s.validityPeriods) };
  });
  if (statuses.length === 0) return null;
  const order = statuses.map((_, i) => i).sort((a, b) => severityRank(statuses[a].severity) - severityRank(statuses[b].severity) || a - b);
  const worst = raw[order[0]];
  const disruptions = raw.map((s) => s.disruption).filter(isObject);
  // Raised = the newest disruption's `created`; a plain status has only the line's `modified`.
  const raised = disruptions.map((d) => parseIsoMs(text(d.created))).filter(Number.isFinite);
  const created = raised.length ? Math.max(...raised) : parseIsoMs(text(line.modified));
  const openEnded = statuses.some((s) => s.validity.length === 0);
  const worstStatus = statuses[order[0]];
  return {
    id: `line_status:${id}`,
    source: 'line_status',
    version: null,
    mode,
    severity: worstStatus.severity,
    planned: disruptions.length > 0 && disruptions.every((d) => text(d.category) === 'PlannedWork'),
    progress: null,
    reason: text(isObject(worst.disruption) ? worst.disruption.category : null),
    summary: `${name}: ${statuses.map((s) => s.description).filter((d, i, all) => all.indexOf(d) === i).join(', ')}`,
    description: worstStatus.reason ?? (isObject(worst.disruption) ? text(worst.disruption.description) : null),
    advice: disruptions.map((d) => text(d.additionalInfo)).filter((a): a is string => a !== null),
    createdAt: Number.isFinite(created) ? created : null,
    validity: openEnded ? [] : statuses.flatMap((s) => s.validity),
    publication: null,
    operators: [],
    lines: [{ name, ref: id, operators: [] }],
    stops: uniqueStops(disruptions.flatMap((d) => affectedStops(d))),
    statuses: order.map((i) => statuses[i]),
    links: [],
    blocking: null,
    simulated: line.simulated === true,
  };
}

function periods(value: unknown): DisruptionPeriod[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((p) => {
    const start = parseIsoMs(text(p.fromDate));
    const end = parseIsoMs(text(p.toDate));
    return { start: Number.isFinite(start) ? start : null, end: Number.isFinite(end) ? end : null };
  });
}

/** `affectedStops[]` (StopPoint: naptanId, commonName, lat, lon) and the stops of `affectedRoutes[].routeSectionNaptanEntrySequence[].stopPoint`. */
function affectedStops(d: Json): DisruptionStop[] {
  const stops = Array.isArray(d.affectedStops) ? d.affectedStops.filter(isObject) : [];
  const routes = Array.isArray(d.affectedRoutes) ? d.affectedRoutes.filter(isObject) : [];
  for (const r of routes) {
    const seq = Array.isArray(r.routeSectionNaptanEntrySequence) ? r.routeSectionNaptanEntrySequence.filter(isObject) : [];
    for (const e of seq) if (isObject(e.stopPoint)) stops.push(e.stopPoint);
  }
  return stops.flatMap((s) => {
    const atcocode = text(s.naptanId) ?? text(s.atcoCode) ?? text(s.id);
    if (atcocode === null) return [];
    const lat = num(s.lat);
    const lon = num(s.lon);
    const ok = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
    return [{ atcocode, name: text(s.commonName) ?? text(s.name), lat: ok ? lat : null, lon: ok ? lon : null }];
  });
}

function uniqueStops(stops: DisruptionStop[]): DisruptionStop[] {
  const seen = new Set<string>();
  return stops.filter((s) => !seen.has(s.atcocode) && seen.add(s.atcocode) !== undefined);
}

function isObject(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
