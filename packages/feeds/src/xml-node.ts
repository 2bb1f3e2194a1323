/** A parsed XML element as fast-xml-parser gives it (attributes ignored, values as text). */
export type XmlNode = { [name: string]: unknown };

/** The child element `name` (the first when repeated), or undefined. */
export function node(parent: unknown, name: string): XmlNode | undefined {
  if (!parent || typeof parent !== 'object') return undefined;
  const v = (parent as XmlNode)[name];
  const first = Array.isArray(v) ? v[0] : v;
  return first && typeof first === 'object' ? (first as XmlNode) : undefined;
}

/** Every child element `name` (repeated or single), objects only. */
export function nodes(parent: unknown, name: string): XmlNode[] {
  if (!parent || typeof parent !== 'object') return [];
  const v = (parent as XmlNode)[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter((x): x is XmlNode => !!x && typeof x === 'object');
}

/** Text of child `name` (first of several, e.g. one per language), trimmed; null when absent or empty. */
export function textOf(parent: unknown, name: string): string | null {
  if (!parent || typeof parent !== 'object') return null;
  const v = (parent as XmlNode)[name];
  const first = Array.isArray(v) ? v[0] : v;
  const raw = first && typeof first === 'object' ? (first as XmlNode)['#text'] : first;
  if (typeof raw === 'number') return String(raw);
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  return t.length ? t : null;
}
