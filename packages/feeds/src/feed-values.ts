/** Small readers shared by the feed parsers: tolerant of missing and odd values, never throwing. */

/**
 * Epoch ms of an ISO 8601 timestamp; one without a zone is read as UTC (BODS writes
 * `ValidUntilTime` that way, in UTC). NaN when absent or unreadable.
 */
export function parseIsoMs(text: unknown): number {
  if (typeof text !== 'string' || text.length < 10) return NaN;
  const t = text.trim();
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(t);
  return Date.parse(zoned || t.length <= 10 ? t : t + 'Z');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML character references (`&amp;`, `&#39;`, `&#x27;`, ...); text without `&` is returned as is. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** A trimmed non-empty string, else null (numbers are stringified; objects are not text). */
export function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t.length ? t : null;
}

/** text() of an XML element's content, with character references decoded. */
export function xmlText(value: unknown): string | null {
  const t = text(value);
  return t === null ? null : decodeEntities(t);
}

/** A finite number from text, else null. */
export function num(value: unknown): number | null {
  const t = text(value);
  if (t === null) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * True for a position worth keeping: finite, inside WGS84 ranges, not 0/0 and not at a pole
 * (lat 90 is a common junk fix in BODS feeds).
 */
export function usablePosition(lat: number, lon: number): boolean {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  if (Math.abs(lat) >= 89.9 || Math.abs(lon) > 180) return false;
  return !(Math.abs(lat) < 1e-6 && Math.abs(lon) < 1e-6);
}
