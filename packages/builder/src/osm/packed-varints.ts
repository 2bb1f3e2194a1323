/**
 * Packed zigzag varints (protobuf `repeated sint64 [packed = true]`) decoded straight into a
 * Float64Array, with the delta coding OSM PBF applies to ids, coordinates and way refs undone.
 * Values are exact below 2^53 (OSM ids and nanodegree coordinates are far below).
 */
export class PackedDeltas {
  /** Decoded values of the last `decode`; the first `count` entries are valid until the next call. */
  values = new Float64Array(8192);
  count = 0;

  /** Decodes `bytes` (absent = empty); returns the count. Throws on a truncated varint. */
  decode(bytes: Uint8Array | undefined | null): number {
    this.count = 0;
    if (!bytes || bytes.length === 0) return 0;
    let n = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] < 0x80) n++;
    if (n > this.values.length) this.values = new Float64Array(Math.max(n, this.values.length * 2));
    const out = this.values;
    let pos = 0;
    let acc = 0;
    for (let k = 0; k < n; k++) {
      let b = bytes[pos++];
      let v = b & 0x7f;
      let mul = 128;
      while (b >= 0x80) {
        if (pos >= bytes.length) throw new Error('truncated packed varint');
        b = bytes[pos++];
        v += (b & 0x7f) * mul;
        mul *= 128;
      }
      acc += v % 2 === 1 ? -(v + 1) / 2 : v / 2;
      out[k] = acc;
    }
    if (pos !== bytes.length) throw new Error('trailing bytes after packed varints');
    this.count = n;
    return n;
  }
}
