// FEATURE UNDER TEST: SharedRateLimiter.forKeys, the counters of a keys reload: kept keys keep
// their slot and count, new keys get unused slots, and a full buffer is replaced with the counts
// of kept keys copied.
import { describe, expect, it } from 'vitest';
import { SharedRateLimiter } from '@transit/server';

const NOW = 1_700_000_000_000;

describe('SharedRateLimiter.forKeys', () => {
  it('keeps the slots and counts of kept keys and never reuses a removed key\'s slot', () => {
    const a = SharedRateLimiter.forKeys(['alice', 'bob']);
    expect(a.keyCount).toBe(64);
    for (let i = 0; i < 3; i++) a.take('alice', 10, NOW);
    a.take('bob', 10, NOW);
    const b = SharedRateLimiter.forKeys(['alice', 'carol'], a);
    expect(b.buffer).toBe(a.buffer);
    expect(b.slots.get('alice')).toBe(a.slots.get('alice'));
    expect(b.slots.get('carol')).toBe(2); // not bob's slot 1
    expect(b.take('alice', 10, NOW).remaining).toBe(6);
    expect(b.take('carol', 10, NOW).remaining).toBe(9);
    expect(b.slots.has('bob')).toBe(false);
  });

  it('moves to a larger buffer when the slots run out, copying the kept counts', () => {
    let limiter = SharedRateLimiter.forKeys(['k0']);
    limiter.take('k0', 100, NOW);
    limiter.take('k0', 100, NOW);
    const ids = Array.from({ length: 70 }, (_, i) => `k${i}`);
    limiter = SharedRateLimiter.forKeys(ids, limiter);
    expect(limiter.keyCount).toBe(140);
    expect(limiter.take('k0', 100, NOW).remaining).toBe(97);
    expect(limiter.take('k69', 100, NOW).remaining).toBe(99);
  });
});
