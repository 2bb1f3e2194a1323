// FEATURE UNDER TEST: stored first pages of common one-word queries and of costly name prefixes (`search.page*`): the same pages as the full search, and used only where they apply.
import { describe, it, expect } from 'vitest';
import { Engine, PLACE_PAGE_SECTIONS, SnapshotReader, tokenize, type PlaceQuery } from '@transit/engine';
import { compileSnapshot } from '@transit/builder';
import { addPostcode, randomWorld } from './places-fixture.js';

/**
 * The seeded world (with postcodes sharing a stop indicator's prefix, "A1 ..."), compiled with
 * pages for words of `minPostings`+ postings and name prefixes of `minWork`+ weighted postings.
 */
function build(minPostings: number, minWork = Infinity): Uint8Array {
  const { ds } = randomWorld(5, 1500);
  for (let i = 0; i < 30; i++) addPostcode(ds, `A1${i % 10}${'ABD'[i % 3]}${'EFG'[Math.floor(i / 10)]}`, 53.4 + i * 0.001, -1.5);
  return compileSnapshot(ds, { builtAt: '2026-01-01T00:00:00.000Z', placePageMinPostings: minPostings, placePageMinWork: minWork });
}
const open = (bytes: Uint8Array) => Engine.open(bytes.slice().buffer);

describe('stored first pages of common words', () => {
  const plain = open(build(Infinity));
  const pagedBytes = build(20);
  const paged = open(pagedBytes);
  const pages = paged.places.pages!;
  // Every prefix of every word of the world, in two spellings, and some that are not words.
  const vocabulary = new Set<string>();
  for (let s = 0; s < plain.stopTable.count; s++) for (const w of tokenize(`${plain.stop(s).name} ${plain.stop(s).indicator ?? ''}`)) for (let n = 1; n <= w.length; n++) vocabulary.add(w.slice(0, n));
  const texts = [...vocabulary].flatMap((w) => [w, ` ${w[0].toUpperCase()}${w.slice(1)} `]);
  texts.push('a1', 'A1', 'A11', 'a 1', 'st.', 'café', 'zzz', '');
  const pagings = [[0, 20], [20, 20], [0, 100], [95, 5], [0, 0], [100, 1], [0, 101]];

  it('stores pages for the common words only, and none when asked for none', () => {
    expect(plain.places.pages).toBeNull();
    expect(pages.wordCount).toBeGreaterThan(100);
    expect(pages.wordCount).toBeLessThan(vocabulary.size);
    expect(pages.find('A1')).toBeGreaterThanOrEqual(0); // a stop indicator and a postcode district
    expect(pages.find('zzz')).toBe(-1);
  });

  it('gives every query the page, total and order of the full search', () => {
    let stored = 0;
    for (const text of texts) {
      if (text.trim() !== '' && pages.find(text.trim()) >= 0) stored++;
      for (const [offset, limit] of pagings) {
        const q: PlaceQuery = { text, offset, limit };
        if (text === '') q.near = { lat: 53.4, lon: -1.5 };
        expect(JSON.stringify(paged.searchPlaces(q)), `${text} ${offset}+${limit}`).toBe(JSON.stringify(plain.searchPlaces(q)));
      }
    }
    expect(stored).toBeGreaterThan(200);
  });

  it('keeps kinds, points and boxes on the full search', () => {
    for (const text of texts.filter((t) => t.trim() !== '' && pages.find(t.trim()) >= 0).slice(0, 200)) {
      for (const extra of [{ types: ['bus_stop' as const] }, { types: ['postcode' as const, 'settlement' as const] }, { near: { lat: 53.45, lon: -1.45 } }, { box: { minLat: 53.3, minLon: -1.6, maxLat: 53.45, maxLon: -1.4 } }]) {
        const q: PlaceQuery = { text, offset: 0, limit: 20, ...extra };
        expect(JSON.stringify(paged.searchPlaces(q)), `${text} ${JSON.stringify(extra)}`).toBe(JSON.stringify(plain.searchPlaces(q)));
      }
    }
  });

  /** The snapshot bytes with one u32 of a page section overwritten. */
  const tamper = (section: string, index: number, value: number) => {
    const bytes = pagedBytes.slice();
    const entry = new SnapshotReader(bytes.buffer).header.sections.find((s) => s.name === section)!;
    new DataView(bytes.buffer).setUint32(entry.byteOffset + 4 * index, value, true);
    return open(bytes);
  };

  it('serves a stored total exactly where the pages apply', () => {
    const word = pages.find('a1');
    const e = tamper(PLACE_PAGE_SECTIONS.totals, word, 123_456);
    const total = (q: Partial<PlaceQuery>) => e.searchPlaces({ text: 'a1', offset: 0, limit: 20, ...q }).total;
    expect([total({}), total({ text: ' A1 ' }), total({ offset: 80 }), total({ limit: 100 })]).toEqual([123_456, 123_456, 123_456, 123_456]);
    const full = (text: string) => plain.searchPlaces({ text, offset: 0, limit: 20 }).total;
    expect([total({ offset: 81 }), total({ limit: 101 }), total({ text: 'a1.' })]).toEqual([full('a1'), full('a1'), full('a1.')]); // "A1." is no postcode
    expect(total({ types: ['bus_stop', 'tram_stop', 'train_station', 'settlement', 'postcode'] })).toBe(123_456); // every kind is no filter
    expect(total({ types: ['bus_stop'] })).not.toBe(123_456);
  });

  it('ignores pages of another version', () => {
    const e = tamper(PLACE_PAGE_SECTIONS.info, 0, 999);
    expect(e.places.pages).toBeNull();
    expect(JSON.stringify(e.searchPlaces({ text: 'a1', offset: 0, limit: 20 }))).toBe(JSON.stringify(plain.searchPlaces({ text: 'a1', offset: 0, limit: 20 })));
  });
});

describe('stored first pages of costly name prefixes', () => {
  const plain = open(build(Infinity));
  const pagedBytes = build(20, 150);
  const paged = open(pagedBytes);
  const pages = paged.places.pages!;
  // Every prefix of every third stop name as typed (capitals, "/" between words), lower-cased, with spaces around; and postcode-like texts.
  const texts = new Set<string>(['a1 2', 'A1 2', 'a1.', 'A12 ', 'a 1', 'A1 1A', 'zzz yyy']);
  for (let s = 0; s < plain.stopTable.count; s += 3) {
    const name = plain.stop(s).name;
    for (let n = 1; n <= name.length; n++) for (const t of [name.slice(0, n), name.slice(0, n).toLowerCase(), ` ${name.slice(0, n).toUpperCase()}  `]) texts.add(t);
    texts.add(`${name} ${plain.stop(s).indicator ?? ''}`);
  }
  const pagings = [[0, 20], [20, 20], [0, 100], [95, 5], [100, 1]];

  it('stores pages for some prefixes of several words', () => {
    let phrases = 0;
    for (const text of texts) if (tokenize(text).length > 1 && pages.findKey(tokenize(text).join(' ')) >= 0) phrases++;
    expect(phrases).toBeGreaterThan(100);
    expect(phrases).toBeLessThan(texts.size / 2);
  });

  it('gives every query the page, total and order of the full search', () => {
    for (const text of texts) {
      for (const [offset, limit] of pagings) {
        const q: PlaceQuery = { text, offset, limit };
        expect(JSON.stringify(paged.searchPlaces(q)), `${text} ${offset}+${limit}`).toBe(JSON.stringify(plain.searchPlaces(q)));
      }
    }
  });

  it('serves a stored total to every spelling of the words, and not with a filter', () => {
    const key = [...texts].map((t) => tokenize(t).join(' ')).find((k) => k.includes(' ') && pages.findKey(k) >= 0)!;
    const bytes = pagedBytes.slice();
    const entry = new SnapshotReader(bytes.buffer).header.sections.find((s) => s.name === PLACE_PAGE_SECTIONS.totals)!;
    new DataView(bytes.buffer).setUint32(entry.byteOffset + 4 * pages.findKey(key), 123_456, true);
    const e = open(bytes);
    const total = (q: Partial<PlaceQuery>) => e.searchPlaces({ text: key, offset: 0, limit: 20, ...q }).total;
    expect([total({}), total({ text: key.toUpperCase().replace(' ', ' / ') }), total({ text: ` ${key}. ` })]).toEqual([123_456, 123_456, 123_456]);
    expect(total({ types: ['bus_stop'] })).not.toBe(123_456);
    expect(total({ near: { lat: 53.4, lon: -1.5 } })).not.toBe(123_456);
    expect(total({ offset: 100 })).toBe(plain.searchPlaces({ text: key, offset: 100, limit: 20 }).total);
  });
});
