/**
 * The normalised disruption record: what the SIRI-SX and line-status parsers (in @transit/feeds)
 * produce and what the DisruptionIndex answers queries over. Plain values; times are epoch ms.
 */

/** How disruptive a record is, worst first. */
export type DisruptionSeverity = 'severe' | 'minor' | 'information' | 'unknown' | 'good';

/** Every severity, most disruptive first (the ordering of results). */
export const DISRUPTION_SEVERITIES: readonly DisruptionSeverity[] = ['severe', 'minor', 'information', 'unknown', 'good'];

/** Rank of a severity for ordering: 0 = most disruptive. */
export function severityRank(severity: DisruptionSeverity): number {
  return DISRUPTION_SEVERITIES.indexOf(severity);
}

/** The worse (lower-ranked) of two severities. */
export function worseSeverity(a: DisruptionSeverity, b: DisruptionSeverity): DisruptionSeverity {
  return severityRank(a) <= severityRank(b) ? a : b;
}

/** Mode a disruption applies to. `tram` comes from both feeds; `rail` only from SIRI-SX. */
export type DisruptionMode = 'bus' | 'tram' | 'rail' | 'tube' | 'dlr' | 'overground' | 'elizabeth-line';

export const DISRUPTION_MODES: readonly DisruptionMode[] = ['bus', 'tram', 'rail', 'tube', 'dlr', 'overground', 'elizabeth-line'];

/** Which feed a record came from. */
export type DisruptionSource = 'siri_sx' | 'line_status';

/** A time window; null ends are open (started long ago / no announced end). Epoch ms. */
export interface DisruptionPeriod {
  start: number | null;
  end: number | null;
}

/** An operator named by the feed: National Operator Code and/or name. */
export interface DisruptionOperator {
  code: string | null;
  name: string | null;
}

/** A line named by the feed. */
export interface DisruptionLine {
  /** Published line name (what passengers see), else the line ref. */
  name: string;
  /** The feed's line id / LineRef, when it differs from or accompanies the name. */
  ref: string | null;
  /** Operators of this line named beside it. */
  operators: DisruptionOperator[];
}

/** A stop named by the feed; coordinates from the feed, else from the snapshot's stop table. */
export interface DisruptionStop {
  atcocode: string;
  name: string | null;
  /** WGS84 degrees; null when neither the feed nor the snapshot knows the stop. */
  lat: number | null;
  lon: number | null;
}

/**
 * One raw status or consequence as the feed stated it, kept beside the normalised severity:
 * line status `statusSeverity` code + `statusSeverityDescription`, or a SIRI-SX consequence's
 * `Severity` value (code null, description e.g. `slight`).
 */
export interface DisruptionStatus {
  severity: DisruptionSeverity;
  code: number | null;
  description: string;
  reason: string | null;
  validity: DisruptionPeriod[];
}

/** A disruption from either feed, in one shape. */
export interface Disruption {
  /** `siri_sx:{SituationNumber}` or `line_status:{line id}`; unique within a feed. */
  id: string;
  source: DisruptionSource;
  /** SIRI-SX situation Version; null for line status. */
  version: number | null;
  mode: DisruptionMode;
  /** Worst severity of its statuses / consequences (used for ordering and filtering). */
  severity: DisruptionSeverity;
  /** True for planned works, false for unplanned incidents and plain statuses. */
  planned: boolean;
  /** SIRI `Progress` (`open`, `closed`, ...) or null. */
  progress: string | null;
  /** Reason category: SIRI `*Reason` (e.g. `roadworks`) or line-status disruption category. */
  reason: string | null;
  summary: string;
  description: string | null;
  /** Advice to passengers, one entry per consequence that gives some. */
  advice: string[];
  /** When the disruption was raised (SIRI CreationTime, line status disruption created / line modified); epoch ms or null. */
  createdAt: number | null;
  /** When it is in force; empty = always (open-ended). Several periods are normal (recurring works). */
  validity: DisruptionPeriod[];
  /** SIRI PublicationWindow, or null. */
  publication: DisruptionPeriod | null;
  operators: DisruptionOperator[];
  lines: DisruptionLine[];
  /** Every affected stop (the complete list; responses cap it, matching does not). */
  stops: DisruptionStop[];
  /** Raw statuses / consequence severities, worst first. */
  statuses: DisruptionStatus[];
  /** Information links (URIs). */
  links: string[];
  /** SIRI `Blocking/JourneyPlanner`: journey planners should avoid the affected parts; null when unstated. */
  blocking: boolean | null;
  /** True when the document said it was generated (demo feeds). */
  simulated: boolean;
}

/** True when `nowMs` is inside one of the record's validity periods (or it has none) and it is not closed. */
export function isActiveAt(d: Disruption, nowMs: number): boolean {
  if (d.progress === 'closed') return false;
  if (d.validity.length === 0) return true;
  for (const p of d.validity) if ((p.start === null || p.start <= nowMs) && (p.end === null || nowMs < p.end)) return true;
  return false;
}

/** What a disruptions feed parser returns for one document. */
export interface DisruptionDelivery {
  source: DisruptionSource;
  /** The document's own timestamp (SIRI ResponseTimestamp; latest line `modified`), epoch ms, or NaN. */
  producedAtMs: number;
  records: Disruption[];
  /** Situations / lines in the document, and how many of them were skipped (no id, unsupported mode). */
  seen: number;
  skipped: number;
}
