import { growF64 } from '../write/growable.js';

/** Bytes of a normalised postcode in the `postcodes.codes` section (engine places/postcode-column.ts). */
export const POSTCODE_WIDTH = 7;

const NORMALISED_POSTCODE = /^[A-Z0-9]{5,7}$/;

/**
 * The parsed postcodes as columns, in the order read: each code as one number (`postcodeKey`,
 * which orders like the code's bytes and gives the code back), its latitude and longitude; no
 * string or array slot per postcode (a national file has 1.8 million). A code that is not a
 * normalised postcode is kept as its text beside them, to be reported when compiled.
 */
export class PostcodeColumns {
  /** Postcode -> postcodeKey of its normalised code (no space, upper case), NaN when malformed. */
  readonly key = growF64();
  /** Postcode -> centroid latitude / longitude, WGS84 degrees. */
  readonly lat = growF64();
  readonly lon = growF64();
  /** Postcode -> its text, for the malformed ones only. */
  private readonly malformed = new Map<number, string>();

  get length(): number {
    return this.key.length;
  }

  /** Appends a postcode (normalised code, centroid); returns its index. */
  push(code: string, lat: number, lon: number): number {
    const i = this.key.length;
    if (NORMALISED_POSTCODE.test(code)) this.key.push(postcodeKey(code));
    else {
      this.key.push(NaN);
      this.malformed.set(i, code);
    }
    this.lat.push(lat);
    this.lon.push(lon);
    return i;
  }

  /** The code of postcode `i`, as pushed. */
  code(i: number): string {
    const key = this.key.get(i);
    return Number.isNaN(key) ? this.malformed.get(i)! : postcodeOfKey(key);
  }
}

/** A number ordering normalised postcodes like their bytes: base 37, padding < digits < letters. */
export function postcodeKey(code: string): number {
  let key = 0;
  for (let i = 0; i < POSTCODE_WIDTH; i++) {
    const c = i < code.length ? code.charCodeAt(i) : 0;
    key = key * 37 + (c === 0 ? 0 : c <= 57 ? c - 47 : c - 54); // '0'..'9' -> 1..10, 'A'..'Z' -> 11..36
  }
  return key;
}

/** The code whose postcodeKey is `key` (37^7 < 2^53: exact). */
export function postcodeOfKey(key: number): string {
  let code = '';
  for (let i = 0; i < POSTCODE_WIDTH; i++, key = Math.floor(key / 37)) {
    const d = key % 37;
    if (d !== 0) code = String.fromCharCode(d <= 10 ? d + 47 : d + 54) + code;
  }
  return code;
}

/** Writes the code of `key` as POSTCODE_WIDTH ASCII bytes at `at`, zero-padded. */
export function writePostcodeBytes(key: number, out: Uint8Array, at: number): void {
  for (let i = POSTCODE_WIDTH - 1; i >= 0; i--, key = Math.floor(key / 37)) {
    const d = key % 37;
    out[at + i] = d === 0 ? 0 : d <= 10 ? d + 47 : d + 54;
  }
}
