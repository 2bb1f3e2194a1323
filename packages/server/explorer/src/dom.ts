// Small DOM helpers: elements by id, building elements, selection, board tables, the status line, times.

/** The element with `id` (throws when the page lacks it). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

/** Creates an element with a class and text or children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', ...children: (string | Node | null)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const c of children) if (c !== null) node.append(c);
  return node;
}

/** Writes a short message under the panel (errors in red). */
export function status(message: string, isError = false): void {
  const s = byId('status');
  s.textContent = message;
  s.classList.toggle('error', isError);
}

/** `hh:mm` of an API timestamp (its own UK local time, as written). */
export function hhmm(timestamp: string | null | undefined): string {
  return timestamp ? timestamp.slice(11, 16) : '';
}

/** Minutes, rounded, of a duration in seconds. */
export function minutes(seconds: number): string {
  return `${Math.round(seconds / 60)} min`;
}

/** Escapes text for Leaflet popups and tooltips (which take HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Marks `node` selected, unmarking the element matching `selector` that was (one selection per list). */
export function selectOnly(node: HTMLElement, selector: string): void {
  document.querySelectorAll(`${selector}.selected`).forEach((n) => n.classList.remove('selected'));
  node.classList.add('selected');
}

/** A board table: a header row of `headings` over `rows`. */
export function boardTable(headings: string[], rows: HTMLTableRowElement[]): HTMLTableElement {
  return el('table', 'board', el('thead', '', el('tr', '', ...headings.map((h) => el('th', '', h)))), el('tbody', '', ...rows));
}
