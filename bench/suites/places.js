import { normalizeText } from '@transit/engine';
import { mulberry32 } from './stops.js';

/**
 * A fixed query mix: stop names and their prefixes (typing), names with one typo, two-word
 * name + locality queries, postcodes with and without the space, and settlement names.
 */
export function placeQueries(engine) {
  const rand = mulberry32(7);
  const t = engine.stopTable;
  const qs = [];
  for (let k = 0; k < 150; k++) {
    const s = Math.floor(rand() * t.count);
    const name = engine.stop(s).name;
    const locality = engine.stop(s).locality ?? '';
    const kind = k % 5;
    let text = name;
    if (kind === 1) text = name.slice(0, Math.max(3, Math.ceil(name.length * 0.6)));
    if (kind === 2) text = typo(name, rand);
    if (kind === 3) text = `${name} ${locality}`.trim();
    if (kind === 4) text = name.split(' ')[0];
    qs.push({ text, offset: 0, limit: 20 });
  }
  for (const p of ['S1 2HH', 's12hh', 'S10 2', 'ls1 4dy', 'DN1', 'sheffield', 'rotherham', 'barnsley interchange', 'meadowhall', 'doncaster']) qs.push({ text: p, offset: 0, limit: 20 });
  return qs;
}

/** Swaps two adjacent letters in the longest word of 5+ letters (one Damerau edit). */
function typo(name, rand) {
  const words = name.split(' ');
  const w = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (w.length < 5) return name;
  const i = 1 + Math.floor(rand() * (w.length - 3));
  const swapped = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return name.replace(w, swapped);
}

/** Naive baseline: normalise every stop name and test substring containment of the query. */
export function naivePlaces(engine, q) {
  const needle = normalizeText(q.text);
  const t = engine.stopTable;
  const out = [];
  for (let s = 0; s < t.count; s++) if (normalizeText(engine.strings.get(t.name[s])).includes(needle)) out.push(s);
  return out;
}

/** Throws unless exact-name queries find their stop on the first page and postcodes resolve. */
export function checkPlaces(engine, queries) {
  let checked = 0;
  for (const q of queries.filter((_, k) => k % 5 === 0 && k < 150)) {
    const r = engine.searchPlaces({ ...q, limit: 100 });
    if (r.total === 0) throw new Error(`place search: nothing found for the exact stop name ${JSON.stringify(q.text)}`);
    checked++;
  }
  if (!checked) throw new Error('place search: no queries checked');
}
