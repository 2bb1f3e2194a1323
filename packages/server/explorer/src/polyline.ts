// Google encoded polylines (precision 5), as the API returns shapes, legs and streets.

/** Decodes an encoded polyline into [lat, lon] pairs. */
export function decodePolyline(encoded: string, precision = 5): [number, number][] {
  const factor = 10 ** precision;
  const out: [number, number][] = [];
  let lat = 0;
  let lon = 0;
  let i = 0;
  while (i < encoded.length) {
    lat += nextValue();
    lon += nextValue();
    out.push([lat / factor, lon / factor]);
  }
  return out;

  function nextValue(): number {
    let result = 0;
    let shift = 0;
    let b: number;
    do {
      b = encoded.charCodeAt(i++) - 63;
      result |= (b & 0x1f) << shift;
      shift += 5;
    } while (b >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  }
}
