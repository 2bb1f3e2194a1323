import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../packages/engine/src/bounded-cache.js';

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
