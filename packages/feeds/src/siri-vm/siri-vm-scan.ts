import { ACTIVITY_FIELDS, type FieldReader } from './siri-vm-activity.js';

/** A leaf element: optional prefix, name, optional attributes, text without markup, matching close tag. */
const LEAF = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([^<]*)<\/(?:[A-Za-z_][\w.-]*:)?\1\s*>/g;
const OPEN = /<(?:[A-Za-z_][\w.-]*:)?VehicleActivity(?:\s[^>]*)?>/g;
const CLOSE = /<\/(?:[A-Za-z_][\w.-]*:)?VehicleActivity\s*>/g;

/** What the scanner read from a document: delivery fields and one reader per activity. */
export interface ScannedDelivery {
  responseTimestamp: string | null;
  producerRef: string | null;
  activities: FieldReader[];
}

/** First text of a leaf element `name` in `xml[from, to)`, or null. */
function firstLeaf(xml: string, name: string, to: number): string | null {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*)?>([^<]*)<`, 'g');
  const m = re.exec(xml);
  return m && m.index < to ? m[1] : null;
}

/**
 * Fast path for SIRI-VM as BODS publishes it (flat leaf elements, no CDATA or comments): reads
 * each VehicleActivity's leaf elements with one regular expression instead of building a DOM,
 * about five times faster than the general parser on a national feed. A leaf name seen twice
 * in an activity keeps its first value (the names read are unique in SIRI-VM 2.0). Returns null
 * when the document needs the general parser (CDATA, comments, an unclosed activity, no
 * ServiceDelivery), which then reads it.
 */
export function scanSiriVm(xml: string): ScannedDelivery | null {
  if (xml.includes('<![CDATA[') || xml.includes('<!--')) return null;
  if (!/<(?:[A-Za-z_][\w.-]*:)?ServiceDelivery[\s>]/.test(xml)) return null;
  OPEN.lastIndex = 0;
  const first = OPEN.exec(xml);
  const headEnd = first ? first.index : xml.length;
  const out: ScannedDelivery = { responseTimestamp: firstLeaf(xml, 'ResponseTimestamp', headEnd), producerRef: firstLeaf(xml, 'ProducerRef', headEnd), activities: [] };
  let nextJourney = 0;
  for (let open = first; open; open = OPEN.exec(xml)) {
    const start = open.index + open[0].length;
    CLOSE.lastIndex = start;
    const close = CLOSE.exec(xml);
    if (!close) return null;
    const values: Partial<Record<string, string>> = {};
    LEAF.lastIndex = start;
    for (let m = LEAF.exec(xml); m && m.index < close.index; m = LEAF.exec(xml)) {
      const name = m[1];
      if (name in ACTIVITY_FIELDS && values[name] === undefined) values[name] = m[2];
    }
    // Activities without a MonitoredVehicleJourney name no vehicle: the record builder drops them.
    if (nextJourney !== -1 && nextJourney < start) nextJourney = xml.indexOf('MonitoredVehicleJourney', start);
    const hasJourney = nextJourney !== -1 && nextJourney < close.index;
    out.activities.push(hasJourney ? (name) => values[name] : () => undefined);
    OPEN.lastIndex = close.index + close[0].length;
  }
  return out;
}
