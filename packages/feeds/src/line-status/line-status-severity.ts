import type { DisruptionMode, DisruptionSeverity } from '@transit/engine';

/**
 * The capital authority's `statusSeverity` codes -> API severity. The scale is not monotonic
 * (10 Good Service sits between 9 Minor Delays and 11 Part Closed), hence a table:
 *
 * | code | description | severity |
 * |---|---|---|
 * | 1, 2, 3, 4, 5, 6, 11 | Closed, Suspended, Part Suspended, Planned Closure, Part Closure, Severe Delays, Part Closed | severe |
 * | 16, 20 | Not Running, Service Closed | severe; information when the reason says service resumes later (overnight closure) |
 * | 0, 7, 8, 9, 14, 15, 17 | Special Service, Reduced Service, Bus Service, Minor Delays, Change of frequency, Diverted, Issues Reported | minor |
 * | 12, 13, 19 | Exit Only, No Step Free Access, Information | information |
 * | 10, 18 | Good Service, No Issues | good |
 * | anything else | | unknown |
 */
export function lineStatusSeverity(code: number | null, reason: string | null): DisruptionSeverity {
  switch (code) {
    case 1: case 2: case 3: case 4: case 5: case 6: case 11:
      return 'severe';
    case 16: case 20:
      return reason !== null && OVERNIGHT.test(reason) ? 'information' : 'severe';
    case 0: case 7: case 8: case 9: case 14: case 15: case 17:
      return 'minor';
    case 12: case 13: case 19:
      return 'information';
    case 10: case 18:
      return 'good';
    default:
      return 'unknown';
  }
}

/** Reasons of a 16/20 status that mean the line is shut for the night, not broken. */
const OVERNIGHT = /\b(resume|later this morning|tomorrow|overnight|night)\b/i;

/** `modeName` values the API serves, mapped to its modes; other modes (cable-car, river-bus, national-rail...) are skipped. */
export function lineStatusMode(modeName: string | null): DisruptionMode | null {
  switch (modeName) {
    case 'tube':
    case 'dlr':
    case 'overground':
    case 'elizabeth-line':
    case 'tram':
    case 'bus':
      return modeName;
    default:
      return null;
  }
}
