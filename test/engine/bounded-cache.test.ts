import { describe, expect, it } from 'vitest';
import { BoundedCache, SlotCache } from '../../packages/engine/src/bounded-cache.js';

describe('BoundedCache', () => {
  it('keeps a working set of `capacity` keys however many other keys pass through', () => {
    const cache = new BoundedCache<number, string>(4);
    const hot = [1, 2, 3];
    for (const k of hot) cache.set(k, `v${k}`);
    for (let cold = 100; cold < 200; cold++) {
      // Every poll reads the hot keys, then one key seen once.
      for (const k of hot) expect(cache.get(k)).toBe(`v${k}`);
      if (cache.get(cold) === undefined) cache.set(cold, `v${cold}`);
    }
    expect(cache.size).toBeLessThanOrEqual(8);
  });

  it('holds at most two generations and forgets keys not read for a whole generation', () => {
    const cache = new BoundedCache<string, number>(3);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(4); // young k9; old k6..k8
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k5')).toBeUndefined();
    expect(cache.get('k6')).toBe(6);
    expect(cache.get('k9')).toBe(9);
  });

  it('caches null as an answer and replaces a key in place without aging the generation', () => {
    const cache = new BoundedCache<number, number | null>(2);
    cache.set(1, null);
    cache.set(2, 5);
    cache.set(2, 6);
    expect(cache.get(1)).toBeNull();
    expect(cache.get(2)).toBe(6);
    expect(cache.size).toBe(2);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(Number.NaN)).toThrow(RangeError);
  });
});

describe('BoundedCache by bytes', () => {
  it('starts a generation when the young one would pass maxBytes, so at most two generations of bytes are held', () => {
    const cache = new BoundedCache<number, Float64Array>(1000, 1024, (_, v) => v.byteLength);
    for (let i = 0; i < 100; i++) cache.set(i, new Float64Array(16)); // 128 bytes each: 8 a generation
    expect(cache.size).toBe(12); // young 96..99 (4); old 88..95 (8)
    expect(cache.bytes).toBe(12 * 128);
    expect(cache.get(87)).toBeUndefined();
    expect(cache.get(88)?.length).toBe(16); // moved back to the young generation
    expect(cache.bytes).toBe(12 * 128);
  });

  it('keeps an entry larger than a generation alone, and counts a replaced value once', () => {
    const cache = new BoundedCache<string, string>(10, 100, (k, v) => k.length + v.length);
    cache.set('a', 'x'.repeat(500));
    expect(cache.get('a')?.length).toBe(500);
    cache.set('b', 'y');
    expect(cache.get('a')?.length).toBe(500); // in the old generation, read back into a new young one
    cache.set('c', 'z');
    cache.set('c', 'zz');
    expect(cache.get('c')).toBe('zz');
    expect(cache.bytes).toBe(501 + 3); // a (old generation), c once with its new value; b dropped with its generation
  });

  it('refuses a byte bound of zero', () => {
    expect(() => new BoundedCache(4, 0)).toThrow(RangeError);
  });
});

describe('SlotCache', () => {
  it('holds one value per slot, the newest key winning, and no more slots than keys or the bound', () => {
    const cache = new SlotCache<string>(1 << 20, 8);
    expect(cache.slots).toBe(8);
    expect(cache.get(3)).toBeUndefined();
    cache.set(3, 'three');
    cache.set(4, 'four');
    expect(cache.get(3)).toBe('three');
    cache.set(11, 'eleven'); // 11 mod 8 = 3
    expect(cache.get(3)).toBeUndefined();
    expect(cache.get(11)).toBe('eleven');
    expect(cache.get(4)).toBe('four');
    expect(new SlotCache(5).slots).toBe(8);
    expect(new SlotCache(0).slots).toBe(1);
  });

  it('with no more keys than slots, every key stays cached (a regional snapshot decodes each string once)', () => {
    const cache = new SlotCache<number>(1000);
    for (let k = 0; k < 1000; k++) cache.set(k, k * 2);
    for (let k = 0; k < 1000; k++) expect(cache.get(k)).toBe(k * 2);
  });

  it('caches the empty string as a value', () => {
    const cache = new SlotCache<string>(4);
    cache.set(0, '');
    expect(cache.get(0)).toBe('');
  });
});
