import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Engine, SearchPage } from '@transit/engine';
import { invalidParameter } from '../common/api-error.js';

/** Longest search window a cursor may carry, seconds (the planner's 3-hour cap). */
const MAX_WINDOW_S = 3 * 3600;
/** Bytes of the HMAC-SHA256 tag kept in a cursor (128 bits). */
const TAG_BYTES = 16;
const VERSION = 'j1';
const CURSOR = /^([A-Za-z0-9_-]{1,160})\.([A-Za-z0-9_-]{22})$/;

/**
 * Opaque page cursors of /v1/journey.json: a search window (start and end, whole epoch seconds)
 * and the end of it the page keeps, authenticated with HMAC-SHA256 keyed by the snapshot's
 * identity and bound to the query it pages (ends, direction, modes, walk limits), so a cursor
 * that was tampered with, belongs to another query or comes from another snapshot is refused.
 * Cursors carry no secret: the window is a time the client could ask for with `datetime`.
 */
export class JourneyCursors {
  constructor(private readonly key: Buffer) {}

  /** The cursors of one engine (the key hashes its build time, builder version and feed hashes), made once per engine. */
  static of(engine: Engine): JourneyCursors {
    let c = byEngine.get(engine);
    if (!c) {
      const { builtAt, builderVersion, schemaVersion, feeds } = engine.info;
      const identity = JSON.stringify([builtAt, builderVersion, schemaVersion, feeds.map((f) => f.sha256)]);
      c = new JourneyCursors(createHash('sha256').update('journey-cursor\n').update(identity).digest());
      byEngine.set(engine, c);
    }
    return c;
  }

  /** The cursor of `page` for the query `binding` (see `cursorBinding`). */
  encode(page: SearchPage, binding: string): string {
    const back = page.cameFrom;
    const fields = [VERSION, ...windowFields(page), ...(back ? [back.via[0], ...windowFields(back)] : [])];
    const payload = Buffer.from(fields.join('|')).toString('base64url');
    return `${payload}.${this.tag(payload, binding).toString('base64url')}`;
  }

  /** The page a cursor names; 400 `invalid_parameter` naming page_cursor when it is malformed, tampered with, for another query or from another snapshot. */
  decode(cursor: string, binding: string): SearchPage {
    const m = CURSOR.exec(cursor);
    if (!m) throw invalidParameter('page_cursor: not a page cursor (pass next_page or previous_page of an earlier answer unchanged).');
    // The tag as issued, character for character: its last base64url character has unused bits, so comparing decoded bytes would accept variants never issued.
    const given = Buffer.from(m[2], 'latin1');
    const issued = Buffer.from(this.tag(m[1], binding).toString('base64url'), 'latin1');
    if (given.length !== issued.length || !timingSafeEqual(given, issued)) {
      throw invalidParameter('page_cursor: this cursor was not issued for this query on this timetable (changed, from another query, or from an earlier snapshot); search again without it.');
    }
    const parts = Buffer.from(m[1], 'base64url').toString('latin1').split('|');
    const page = parts[0] === VERSION && (parts.length === 4 || parts.length === 8) ? readWindow(parts, 1) : null;
    const via = parts[4] === 'n' ? 'next' : parts[4] === 'p' ? 'previous' : null;
    const back = parts.length === 8 && via ? readWindow(parts, 5) : null;
    if (!page || (parts.length === 8 && !back)) throw invalidParameter('page_cursor: not a page cursor of this version; search again without it.');
    return { ...page, cameFrom: back && via ? { ...back, via } : null };
  }

  private tag(payload: string, binding: string): Buffer {
    return createHmac('sha256', this.key).update(payload).update('\n').update(binding).digest().subarray(0, TAG_BYTES);
  }
}

const byEngine = new WeakMap<Engine, JourneyCursors>();

type Window = Pick<SearchPage, 'start' | 'end' | 'towards'>;

/** towards (n/p), start and end (whole epoch seconds). */
function windowFields(w: Window): string[] {
  return [w.towards === 'next' ? 'n' : 'p', String(Math.round(w.start / 1000)), String(Math.round(w.end / 1000))];
}

/** The window in parts[at..at+3), null when it is not one the planner could have made. */
function readWindow(parts: string[], at: number): Window | null {
  const [towards, start, end] = parts.slice(at, at + 3);
  const startS = Number(start), endS = Number(end);
  if ((towards !== 'n' && towards !== 'p') || !/^\d{1,11}$/.test(start) || !/^\d{1,11}$/.test(end) || endS <= startS || endS - startS > MAX_WINDOW_S) return null;
  return { start: startS * 1000, end: endS * 1000, towards: towards === 'n' ? 'next' : 'previous' };
}

/** What a cursor is bound to: the query's parameters other than the time, the page and the output options. */
export function cursorBinding(q: { from_lat: number; from_lon: number; to_lat: number; to_lon: number; arrive_by: boolean; transit_modes: readonly string[]; max_walk_distance?: number; max_total_walk_distance?: number }): string {
  return [q.from_lat, q.from_lon, q.to_lat, q.to_lon, q.arrive_by, [...new Set(q.transit_modes)].sort().join('+'), q.max_walk_distance ?? '', q.max_total_walk_distance ?? ''].join(',');
}
