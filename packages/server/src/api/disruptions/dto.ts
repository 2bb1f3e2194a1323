import type { Static } from '@sinclair/typebox';
import { formatUkTimestamp, isActiveAt, type Disruption, type DisruptionPeriod } from '@transit/engine';
import type { DisruptionFeeds, DisruptionSourceStatus } from '../../live/disruption-feeds.js';
import { MAX_LISTED_STOPS, type Disruption as DisruptionSchema, type DisruptionSources } from './schemas.js';

export type DisruptionDto = Static<typeof DisruptionSchema>;
export type DisruptionSourcesDto = Static<typeof DisruptionSources>;

const ts = (ms: number | null) => (ms === null ? null : formatUkTimestamp(ms));
const period = (p: DisruptionPeriod) => ({ start: ts(p.start), end: ts(p.end) });

/** Engine record -> API disruption; stops capped at MAX_LISTED_STOPS, `active` at `nowMs`. */
export function toDisruption(d: Disruption, nowMs: number): DisruptionDto {
  return {
    id: d.id,
    source: d.source,
    version: d.version,
    mode: d.mode,
    severity: d.severity,
    planned: d.planned,
    active: isActiveAt(d, nowMs),
    progress: d.progress,
    reason: d.reason,
    summary: d.summary,
    description: d.description,
    advice: d.advice,
    created_at: ts(d.createdAt),
    validity_periods: d.validity.map(period),
    publication_window: d.publication ? period(d.publication) : null,
    operators: d.operators,
    lines: d.lines,
    affected_stops: d.stops.slice(0, MAX_LISTED_STOPS).map((s) => ({ atcocode: s.atcocode, name: s.name, latitude: s.lat, longitude: s.lon })),
    affected_stop_count: d.stops.length,
    statuses: d.statuses.map((s) => ({ severity: s.severity, code: s.code, description: s.description, reason: s.reason, validity_periods: s.validity.map(period) })),
    links: d.links,
    blocking: d.blocking,
    simulated: d.simulated,
  };
}

const NOT_CONFIGURED: DisruptionSourceStatus = {
  configured: false, simulated: false, url: null, lastRetrievedAt: null, lastChangedAt: null, lastAttemptAt: null, nextAttemptAt: null,
  failed: false, error: null, consecutiveFailures: 0, stale: false, recordCount: 0,
};

/** The `sources` object; both feeds unconfigured when the server runs no disruption feeds. */
export function toDisruptionSources(feeds: DisruptionFeeds | null): DisruptionSourcesDto {
  const s = feeds?.sources() ?? { siri_sx: NOT_CONFIGURED, line_status: NOT_CONFIGURED };
  const one = (x: DisruptionSourceStatus) => ({
    configured: x.configured,
    simulated: x.simulated,
    url: x.url,
    last_retrieved: ts(x.lastRetrievedAt),
    last_changed: ts(x.lastChangedAt),
    last_attempt: ts(x.lastAttemptAt),
    next_attempt: ts(x.nextAttemptAt),
    failed: x.failed,
    error: x.error,
    consecutive_failures: x.consecutiveFailures,
    stale: x.stale,
    record_count: x.recordCount,
  });
  return { siri_sx: one(s.siri_sx), line_status: one(s.line_status) };
}
