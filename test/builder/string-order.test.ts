// FEATURE UNDER TEST: sortedOrder orders string columns by UTF-8 bytes, ties by index, with or without characters at or above U+D800; utf8ComparatorFor compares as UTF-8 bytes either way.
import { describe, it, expect } from 'vitest';
import { StringPool, sortedOrder, utf8ComparatorFor } from '../../packages/builder/src/write/string-pool.js';

/** The order by definition: UTF-8 bytes compared, then index. */
function byBytes(texts: string[]): number[] {
  const bytes = texts.map((t) => Buffer.from(t, 'utf8'));
  return texts.map((_, i) => i).sort((a, b) => Buffer.compare(bytes[a], bytes[b]) || a - b);
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function column(alphabet: string[], count: number, seed: number): { pool: StringPool; ids: Uint32Array; texts: string[] } {
  const random = seeded(seed);
  const pool = new StringPool();
  const texts = Array.from({ length: count }, () => Array.from({ length: Math.floor(random() * 5) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
  return { pool, ids: Uint32Array.from(texts, (t) => pool.intern(t)), texts };
}

describe('sortedOrder', () => {
  it('orders plain ids (the built-in comparison) as their UTF-8 bytes, ties by index', () => {
    const { pool, ids, texts } = column(['a', 'B', '0', '_', 'é', 'Ā'], 3000, 1);
    expect(Array.from(sortedOrder(pool, ids))).toEqual(byBytes(texts));
  });

  it('orders text with astral and private-use characters (compareUtf8) as their UTF-8 bytes', () => {
    const { pool, ids, texts } = column(['a', 'z', '\uE000', '\uFFFD', '😀', '𝄞'], 3000, 2);
    expect(texts.some((t) => /[\uD800-\uDFFF]/.test(t)) && texts.some((t) => /[\uE000-\uFFFF]/.test(t))).toBe(true);
    expect(Array.from(sortedOrder(pool, ids))).toEqual(byBytes(texts));
  });
});

describe('utf8ComparatorFor', () => {
  it('sorts as UTF-8 bytes, with the built-in comparison or compareUtf8', () => {
    for (const [alphabet, seed] of [[['a', 'B', '0', '_', 'é', 'Ā'], 3], [['a', 'z', '\uE000', '\uFFFD', '😀', '𝄞'], 4]] as const) {
      const { texts } = column([...alphabet], 3000, seed);
      const compare = utf8ComparatorFor(texts);
      expect(texts.map((_, i) => i).sort((a, b) => compare(texts[a], texts[b]) || a - b)).toEqual(byBytes(texts));
    }
  });
});
