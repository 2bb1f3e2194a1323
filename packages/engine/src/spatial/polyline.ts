import { QueryError } from '../errors.js';

/**
 * Decodes an encoded polyline (Google's algorithm, precision 5 as the snapshot stores shapes)
 * into interleaved [lat0, lon0, lat1, lon1, ...] degrees. Lenient, for stored shapes: stops at
 * the first malformed value, so a damaged string yields the points before the damage.
 */
export function decodePolyline(encoded: string, precision = 5): Float64Array {
  return decode(encoded, precision, null);
}

/**
 * Decodes a polyline a client sent. Strict: throws QueryError `invalid_parameter` (naming
 * `parameter`) on characters outside the alphabet, a truncated last value, no points, or a point
 * outside -90..90 / -180..180.
 */
export function decodePathPolyline(encoded: string, precision = 5, parameter = 'path'): Float64Array {
  const out = decode(encoded, precision, parameter);
  if (out.length === 0) throw bad(parameter, 'it holds no points');
  return out;
}

/** Shared decoder: `strictParameter` null = lenient (stop at damage), else throw naming it. */
function decode(encoded: string, precision: number, strictParameter: string | null): Float64Array {
  const factor = 10 ** precision;
  const out = new Float64Array(encoded.length); // at most one point per 2 characters
  const n = encoded.length;
  let count = 0;
  let lat = 0;
  let lon = 0;
  let i = 0;
  while (i < n) {
    for (let k = 0; k < 2; k++) {
      let shift = 0;
      let result = 0;
      let byte: number;
      do {
        const fault = i >= n ? 'it ends in the middle of a value (truncated?)' : null;
        byte = fault ? 0 : encoded.charCodeAt(i++) - 63;
        const why = fault ?? (byte < 0 || byte > 63 ? `character ${JSON.stringify(encoded[i - 1])} at position ${i - 1} is not in the encoding alphabet` : shift > 30 ? `a value at position ${i - 1} is too long` : null);
        if (why) {
          if (strictParameter === null) return out.subarray(0, count);
          throw bad(strictParameter, why);
        }
        result += (byte & 0x1f) * 2 ** shift;
        shift += 5;
      } while (byte >= 0x20);
      const delta = result % 2 === 1 ? -(result + 1) / 2 : result / 2;
      if (k === 0) lat += delta;
      else lon += delta;
    }
    const la = lat / factor;
    const lo = lon / factor;
    if (strictParameter !== null && (la < -90 || la > 90 || lo < -180 || lo > 180)) throw bad(strictParameter, `point ${count / 2 + 1} (${la}, ${lo}) is not a WGS84 coordinate`);
    out[count++] = la;
    out[count++] = lo;
  }
  return out.subarray(0, count);
}

function bad(parameter: string, why: string): QueryError {
  return new QueryError('invalid_parameter', `Parameter '${parameter}' must be an encoded polyline (precision 5): ${why}.`, parameter);
}

/** Encodes interleaved [lat, lon, ...] degrees as a polyline of `precision` digits (for tests, benches and demo data). */
export function encodePolyline(coords: ArrayLike<number>, precision = 5): string {
  const factor = 10 ** precision;
  let out = '';
  let prevLat = 0;
  let prevLon = 0;
  for (let i = 0; i + 1 < coords.length; i += 2) {
    const la = Math.round(coords[i] * factor);
    const lo = Math.round(coords[i + 1] * factor);
    out += encodeValue(la - prevLat) + encodeValue(lo - prevLon);
    prevLat = la;
    prevLon = lo;
  }
  return out;
}

function encodeValue(v: number): string {
  let x = v < 0 ? -v * 2 - 1 : v * 2;
  let s = '';
  while (x >= 0x20) {
    s += String.fromCharCode((0x20 | (x & 0x1f)) + 63);
    x = Math.floor(x / 32);
  }
  return s + String.fromCharCode(x + 63);
}
