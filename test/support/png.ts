import { inflateSync } from 'node:zlib';

/** A decoded PNG: 8-bit RGBA pixels, row-major. */
export interface Png {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are): IDAT
 * chunks inflated, then each row's filter undone (PNG spec section 9).
 */
export function decodePng(file: Buffer): Png {
  if (file.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < file.length) {
    const length = file.readUInt32BE(pos);
    const type = file.toString('latin1', pos + 4, pos + 8);
    const data = file.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[out + x - channels] : 0;
      const b = y > 0 ? rows[out - stride + x] : 0;
      const c = x >= channels && y > 0 ? rows[out - stride + x - channels] : 0;
      const v = raw[src + x];
      rows[out + x] = (filter === 0 ? v : filter === 1 ? v + a : filter === 2 ? v + b : filter === 3 ? v + ((a + b) >> 1) : v + paeth(a, b, c)) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[4 * i] = rows[channels * i];
    rgba[4 * i + 1] = rows[channels * i + 1];
    rgba[4 * i + 2] = rows[channels * i + 2];
    rgba[4 * i + 3] = channels === 4 ? rows[4 * i + 3] : 255;
  }
  return { width, height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Colour statistics of a region (default: the whole image): distinct colours and the share of pixels not of the commonest one. */
export function colourStats(png: Png, region = { x: 0, y: 0, width: png.width, height: png.height }): { distinct: number; nonBackground: number } {
  const counts = new Map<number, number>();
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      const i = 4 * (y * png.width + x);
      const key = (png.rgba[i] << 16) | (png.rgba[i + 1] << 8) | png.rgba[i + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const max = Math.max(...counts.values());
  return { distinct: counts.size, nonBackground: 1 - max / (region.width * region.height) };
}
