import { PlacePageSearch } from '@transit/engine';

/**
 * The prefixes of indexed places' names (their name tokens joined by one space, cut after any
 * letter: "p", "park", "park r", "park road") whose search visits at least `minWork` weighted
 * postings (PlacePageSearch.work), at most `maxCount` of them, the costliest first: the texts
 * people type on the way to a name and that are dearest to answer. Names are those
 * PlacePageSearch.names gives (ASCII, at most the words a query scores); texts that read as a
 * postcode are left out (their answer is not the words' alone). Each distinct prefix is costed
 * once: the names are sorted, and a prefix no longer than the one shared with the previous name
 * was seen.
 */
export function namePrefixes(search: PlacePageSearch, minWork: number, maxCount: number): Uint8Array[] {
  const found: { text: string; work: number }[] = [];
  let prev = '';
  for (const name of search.names()) {
    let shared = 0;
    while (shared < prev.length && shared < name.length && prev.charCodeAt(shared) === name.charCodeAt(shared)) shared++;
    prev = name;
    for (let length = shared + 1; length <= name.length; length++) {
      if (name.charCodeAt(length - 1) === 32) continue; // the same words as one letter shorter
      const text = name.slice(0, length);
      if (PlacePageSearch.postcodeLike(text)) continue;
      const cost = search.work(text.split(' '));
      if (cost >= minWork) found.push({ text, work: cost });
    }
  }
  found.sort((a, b) => b.work - a.work);
  const encoder = new TextEncoder();
  return found.slice(0, maxCount).map((f) => encoder.encode(f.text));
}
