// FEATURE UNDER TEST: text and postcode normalisation shared by the builder's index and the engine's queries.
import { describe, it, expect } from 'vitest';
import { normalizeText, tokenize, normalizePostcode, formatPostcode } from '@transit/engine';

describe('normalizeText / tokenize', () => {
  it.each([
    ["St John's Road", 'st johns road'],
    ['Café Nero/Fargate', 'cafe nero fargate'],
    ['  B&Q   (Retail Park) ', 'b and q retail park'],
    ['Rotherham Interchange/B1', 'rotherham interchange b1'],
    ['Ysgol Gyfun Gŵyr', 'ysgol gyfun gwyr'],
    ['Kings’ Lynn — Docks', 'kings lynn docks'],
    ['A-Z', 'a z'],
    ['!!!', ''],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
    expect(tokenize(input)).toEqual(expected === '' ? [] : expected.split(' '));
  });
});

describe('postcodes', () => {
  it('normalises to upper case without spaces and formats with the inward code apart', () => {
    expect(normalizePostcode(' s1 2hh ')).toBe('S12HH');
    expect(normalizePostcode('SW1A\t1AA')).toBe('SW1A1AA');
    expect(formatPostcode('S12HH')).toBe('S1 2HH');
    expect(formatPostcode('SW1A1AA')).toBe('SW1A 1AA');
    expect(formatPostcode('LS14DY')).toBe('LS1 4DY');
  });
});
