// FEATURE UNDER TEST: which places a text query matches (every word; prefixes; one typo in words of 5+ letters), against a brute-force scan.
import { describe, it, expect } from 'vitest';
import { tokenize, formatPostcode, type Place } from '@transit/engine';
import { StopKind, newDataset } from '@transit/builder';
import { withinOneEdit, deletionHash } from '../../packages/engine/src/places/typo.js';
import { randomWorld, open, seeded, addStop } from './places-fixture.js';

/** Optimal string alignment distance (Damerau with adjacent transpositions), the textbook DP. */
function osa(a: string, b: string): number {
  const w = b.length + 1;
  const d = new Int32Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = v;
    }
  }
  return d[a.length * w + b.length];
}

const enc = (s: string) => new TextEncoder().encode(s);

describe('one-edit check', () => {
  it('agrees with the OSA distance on random short strings', () => {
    const rnd = seeded(3);
    const str = () => Array.from({ length: Math.floor(rnd() * 7) }, () => 'abc'[Math.floor(rnd() * 3)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const a = str();
      const b = str();
      const ab = enc(a);
      const bb = enc(b);
      expect(withinOneEdit(ab, 0, ab.length, bb, 0, bb.length), `${a} ${b}`).toBe(osa(a, b) === 1);
    }
  });

  it('hashes a deletion like the shorter string', () => {
    const w = enc('sheffield');
    expect(deletionHash(w, 0, w.length, 3)).toBe(deletionHash(enc('shefield'), 0, 8, -1));
    expect(deletionHash(w, 0, w.length, -1)).not.toBe(deletionHash(enc('sheffielD'), 0, 9, -1));
  });
});

describe('text matching', () => {
  const { ds } = randomWorld(21, 1500);
  const e = open(ds);
  // The searchable words of every place, as the builder defines them (see compile-places.ts).
  const places = [
    ...[...ds.settlements.values()].map((s) => ({ key: `settlement:${s.name}@${s.lat},${s.lon}`, words: [s.name, s.parent] })),
    ...[...ds.stations.values()].map((s) => ({ key: `train_station:${s.name}@${s.lat},${s.lon}`, words: [s.name, s.crs, 'rail station stn'] })),
    ...[...ds.stops.values()].filter((s) => s.kind !== StopKind.Rail).map((s) => ({ key: `${s.kind === StopKind.Tram ? 'tram_stop' : 'bus_stop'}:${s.name}@${s.lat},${s.lon}`, words: [s.name, s.indicator, s.locality, s.parentLocality] })),
  ].map((p) => ({ key: p.key, tokens: [...new Set(p.words.flatMap(tokenize))] }));
  const key = (p: Place) => `${p.type}:${p.name}@${p.latitude},${p.longitude}`;
  const vocabulary = [...new Set(places.flatMap((p) => p.tokens))];
  const wordMatches = (w: string, t: string) => t.startsWith(w) || (w.length >= 5 && Math.abs(t.length - w.length) <= 1 && osa(w, t) === 1); // ASCII words: bytes = characters
  const oracle = (text: string) => {
    const sets = tokenize(text).map((w) => new Set(vocabulary.filter((t) => wordMatches(w, t))));
    return places.filter((p) => sets.every((set) => p.tokens.some((t) => set.has(t)))).map((p) => p.key).sort();
  };
  const all = (text: string) => {
    const keys: string[] = [];
    let total = -1;
    for (let offset = 0; ; offset += 100) {
      const r = e.searchPlaces({ text, offset, limit: 100, types: ['bus_stop', 'tram_stop', 'train_station', 'settlement'] });
      if (total >= 0) expect(r.total, 'total is the same on every page').toBe(total);
      total = r.total;
      keys.push(...r.items.map(key));
      if (r.items.length < 100) break;
    }
    expect(keys.length).toBe(total);
    return keys.sort();
  };

  const rnd = seeded(8);
  const typo = (w: string) => {
    const i = Math.floor(rnd() * (w.length - 1));
    switch (Math.floor(rnd() * 4)) {
      case 0: return w.slice(0, i) + w.slice(i + 1); // deletion
      case 1: return w.slice(0, i) + 'x' + w.slice(i); // insertion
      case 2: return w.slice(0, i) + 'q' + w.slice(i + 1); // substitution
      default: return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // transposition
    }
  };
  const queries: string[] = [];
  for (let i = 0; i < 300; i++) {
    const p = places[Math.floor(rnd() * places.length)];
    let words = p.tokens.filter(() => rnd() < 0.6).slice(0, 3);
    if (words.length === 0) words = [p.tokens[0]];
    words = words.map((w) => (w.length >= 5 && rnd() < 0.3 ? typo(w) : w));
    const last = words.length - 1;
    if (rnd() < 0.5) words[last] = words[last].slice(0, 1 + Math.floor(rnd() * words[last].length));
    queries.push(words.join(rnd() < 0.5 ? ' ' : ', '));
  }

  it('finds exactly the places where every word matches a token (prefix or one edit), for 300 random queries', () => {
    let nonEmpty = 0;
    for (const q of queries) {
      const expected = oracle(q);
      expect(all(q), q).toEqual(expected);
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(250);
  });

  it('scores alike whether words are matched by postings or by checking each candidate', () => {
    const search = (e.places as unknown as { wordSearch: { strategy: string } }).wordSearch;
    const ranked = (q: string) => e.searchPlaces({ text: q, offset: 0, limit: 1000 }).items.map(key);
    try {
      for (const q of queries) {
        search.strategy = 'postings';
        const viaPostings = ranked(q);
        search.strategy = 'verify';
        expect(ranked(q), q).toEqual(viaPostings);
      }
    } finally {
      search.strategy = 'auto';
    }
  });

  it('ranks one-word queries alike by the one-word scan, by postings and by checking each candidate', () => {
    const search = (e.places as unknown as { wordSearch: { strategy: string } }).wordSearch;
    const page = (q: string) => e.searchPlaces({ text: q, offset: 0, limit: 1000 });
    // Every token of the vocabulary whole and cut to 1-3 letters, and each with a typo: many places per word.
    const words = [...new Set(vocabulary.flatMap((t) => [t, t.slice(0, 1), t.slice(0, 2), t.slice(0, 3), t.length >= 5 ? typo(t) : t]))];
    let many = 0;
    try {
      for (const w of words) {
        search.strategy = 'auto';
        const viaScan = page(w);
        if (viaScan.total > 20) many++;
        search.strategy = 'postings';
        expect(page(w), w).toEqual(viaScan);
        search.strategy = 'verify';
        expect(page(w), w).toEqual(viaScan);
      }
    } finally {
      search.strategy = 'auto';
    }
    expect(many).toBeGreaterThan(50);
  });

  it('ranks alike past the look-ahead blocks of 64 places, for words of one token and of several', () => {
    // 400 stops: "barnsley", "grove", "road" are each one token of 80-400 places (the one-token
    // scan), "quarry" prefixes two tokens (the scan with state), and pairs take the postings and
    // verify ways over hundreds of candidates; some names are the word alone (whole name).
    const ds = newDataset();
    const rnd = seeded(5);
    const second = ['grove', 'road', 'lane', 'close', 'hill'];
    let inBarnsley = 0;
    for (let i = 0; i < 400; i++) {
      const name = i % 11 === 0 ? 'Barnsley' : i % 13 === 0 ? 'Road' : `Quarry ${second[i % 5]}${i % 7 === 0 ? ' Quarryside' : ''}`;
      if (name === 'Barnsley' || i % 3) inBarnsley++;
      addStop(ds, { atco: `A${i}`, name, indicator: `Stand ${i % 4}`, locality: i % 3 ? 'Barnsley' : 'Quarry Bank', lat: 53.5 + rnd() / 10, lon: -1.5 + rnd() / 10 });
    }
    const w = open(ds);
    const search = (w.places as unknown as { wordSearch: { strategy: string } }).wordSearch;
    const page = (text: string, limit: number) => w.searchPlaces({ text, offset: 0, limit });
    try {
      for (const text of ['barnsley', 'grove', 'road', 'quarry', 'quarryside', 'barnsle', 'barnsly', 'quarry barnsley', 'barnsley road', 'road quarry', 'quarry r', 'stand 2 quarry']) {
        for (const limit of [20, 1000]) {
          search.strategy = 'auto';
          const auto = page(text, limit);
          search.strategy = 'postings';
          expect(page(text, limit), `${text} (postings)`).toEqual(auto);
          search.strategy = 'verify';
          expect(page(text, limit), `${text} (verify)`).toEqual(auto);
        }
      }
      search.strategy = 'auto';
      expect(inBarnsley).toBeGreaterThan(4 * 64);
      expect(page('barnsley', 1000).total).toBe(inBarnsley);
      expect(page('barnsley', 1).items[0].name).toBe('Barnsley');
    } finally {
      search.strategy = 'auto';
    }
  });

  it('finds nothing for words of no place', () => {
    expect(e.searchPlaces({ text: 'zzzz', offset: 0, limit: 5 })).toEqual({ total: 0, items: [] });
    expect(e.searchPlaces({ text: '!!!', offset: 0, limit: 5 })).toEqual({ total: 0, items: [] });
  });
});
