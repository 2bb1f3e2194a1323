import { QueryError } from '../errors.js';

/**
 * Decodes an encoded polyline (Google's algorithm) into interleaved [lat0, lon0, lat1, lon1, ...]
 * WGS84 degrees. `precision` is the number of decimal digits (5 for the API's `path`). Throws
 * QueryError `invalid_parameter` (naming `parameter`) on characters outside the alphabet, a
 * truncated last value, or a decoded point outside -90..90 / -180..180.
 */
export function decodePathPolyline(encoded: string, precision = 5, parameter = 'path'): Float64Array {
  const factor = 10 ** precision;
  const out: number[] = [];
  let lat = 0;
  let lon = 0;
  let i = 0;
  const n = encoded.length;
  while (i < n) {
    for (let k = 0; k < 2; k++) {
      let shift = 0;
      let result = 0;
      let byte: number;
      do {
        if (i >= n) throw bad(parameter, 'it ends in the middle of a value (truncated?)');
        byte = encoded.charCodeAt(i++) - 63;
        if (byte < 0 || byte > 63) throw bad(parameter, `character ${JSON.stringify(encoded[i - 1])} at position ${i - 1} is not in the encoding alphabet`);
        if (shift > 30) throw bad(parameter, `a value at position ${i - 1} is too long`);
        result += (byte & 0x1f) * 2 ** shift;
        shift += 5;
      } while (byte >= 0x20);
      const delta = result % 2 === 1 ? -(result + 1) / 2 : result / 2;
      if (k === 0) lat += delta;
      else lon += delta;
    }
    const la = lat / factor;
    const lo = lon / factor;
    if (la < -90 || la > 90 || lo < -180 || lo > 180) throw bad(parameter, `point ${out.length / 2 + 1} (${la}, ${lo}) is not a WGS84 coordinate`);
    out.push(la, lo);
  }
  if (out.length === 0) throw bad(parameter, 'it holds no points');
  return Float64Array.from(out);
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
