// Place search (/v1/places.json) as you type, for the search box and the journey planner's ends.
import { getJson } from './api.js';
import { el, status } from './dom.js';

/** One place as /v1/places.json returns it. */
export interface Place {
  type: string;
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  atcocode?: string;
  crs_code?: string;
}

/**
 * Lists matching places under `input` in `list` (debounced); a click or Enter on the first
 * result calls `onPick`. Returns a function that runs the search now (for tests and Enter).
 */
export function attachPlaceSearch(input: HTMLInputElement, list: HTMLElement, onPick: (place: Place) => void): () => Promise<void> {
  let timer = 0;
  let seq = 0;
  let first: Place | null = null;
  const run = async () => {
    const query = input.value.trim();
    const mine = ++seq;
    first = null; // Enter must not pick a result of an earlier query
    if (query.length < 2) {
      list.replaceChildren();
      return;
    }
    try {
      const body = await getJson<{ member: Place[] }>('/v1/places.json', { query, limit: 8 });
      if (mine !== seq) return;
      first = body.member[0] ?? null;
      list.replaceChildren(
        ...body.member.map((place) => {
          const item = el('li', `place ${place.type}`, el('strong', '', place.name), el('span', 'description', place.description));
          item.tabIndex = 0;
          if (place.atcocode) item.dataset.atcocode = place.atcocode;
          item.addEventListener('click', () => pick(place));
          item.addEventListener('keydown', (e) => e.key === 'Enter' && pick(place));
          return item;
        }),
      );
      if (body.member.length === 0) list.replaceChildren(el('li', 'empty', `Nothing found for “${query}”.`));
    } catch (err) {
      status(`Search: ${(err as Error).message}`, true);
    }
  };
  const pick = (place: Place) => {
    // A search still pending (typed) or in flight must not list results again over the pick.
    clearTimeout(timer);
    seq++;
    list.replaceChildren();
    input.value = place.name;
    onPick(place);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(run, 200);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    clearTimeout(timer);
    void run().then(() => first && pick(first));
  });
  return run;
}
