// FEATURE UNDER TEST: the parsed postcodes as columns: each code kept as one number that gives it back and orders like its bytes.
import { describe, it, expect } from 'vitest';
import { PostcodeColumns, postcodeKey, postcodeOfKey, writePostcodeBytes, POSTCODE_WIDTH } from '../../packages/builder/src/places/postcode-columns.js';

const CODES = ['S11AA', 'S101AA', 'LS14DY', 'ZE29ZZ', 'W1A0AX', 'EC1A1BB', 'B11AA', 'B1AA1', 'A0000'];

describe('postcode columns', () => {
  it('give every code back, and malformed ones as they were pushed', () => {
    const p = new PostcodeColumns();
    for (const code of [...CODES, 'S1', 'sw1a 1aa']) p.push(code, 53, -1);
    expect(Array.from({ length: p.length }, (_, i) => p.code(i))).toEqual([...CODES, 'S1', 'sw1a 1aa']);
    expect([...p.key.view()].map(Number.isNaN)).toEqual([...CODES.map(() => false), true, true]);
  });

  it('order keys like the codes\' bytes and write the same fixed-width bytes', () => {
    const byKey = [...CODES].sort((a, b) => postcodeKey(a) - postcodeKey(b));
    expect(byKey).toEqual([...CODES].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    for (const code of CODES) {
      expect(postcodeOfKey(postcodeKey(code))).toBe(code);
      const out = new Uint8Array(POSTCODE_WIDTH + 2).fill(9);
      writePostcodeBytes(postcodeKey(code), out, 1);
      expect([...out]).toEqual([9, ...Buffer.from(code.padEnd(POSTCODE_WIDTH, '\0')), 9]);
    }
  });
});
