import { XMLParser } from 'fast-xml-parser';
import type { VehicleDelivery, VehicleRecord } from '@transit/engine';
import { FeedParseError } from '../errors.js';
import { parseIsoMs, text, usablePosition } from '../feed-values.js';
import { activityRecord, treeValues } from './siri-vm-activity.js';
import { node as child, type XmlNode } from '../xml-node.js';
import { readSiriXml } from '../siri-document.js';
import { scanSiriVm } from './siri-vm-scan.js';

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  // Entity decoding costs a third of the parse; the few text fields read decode their own (siri-vm-activity.ts).
  processEntities: false,
  isArray: (name) => name === 'VehicleActivity' || name === 'VehicleMonitoringDelivery',
});


/**
 * Parses a SIRI-VM 2.0 `Siri/ServiceDelivery` document (as the BODS datafeed serves it) into
 * vehicle records. Activities without a usable position (missing, 0/0, lat 90) or without a
 * vehicle or RecordedAtTime are dropped and counted. An empty delivery gives no records.
 * Throws FeedParseError for bytes that are not a complete SIRI document (garbage, truncated,
 * another XML document). Documents of plain elements (the BODS shape) are read by a one-pass
 * scanner (siri-vm-scan.ts); anything else (prefixes, CDATA, comments, odd nesting) by
 * fast-xml-parser, with the same answer.
 * `options.fastPath: false` forces fast-xml-parser (tests compare the two).
 */
export function parseSiriVm(bytes: Uint8Array | string, options: { fastPath?: boolean } = {}): VehicleDelivery {
  const xml = readSiriXml(bytes, 'siri-vm');
  if (options.fastPath !== false) {
    const out = delivery(NaN, null);
    const head = scanSiriVm(xml, (values) => add(out, activityRecord(values)));
    if (head) {
      out.producedAtMs = parseIsoMs(text(head.sdResponseTimestamp) ?? text(head.vmdResponseTimestamp));
      out.producer = text(head.producerRef);
      return out;
    }
  }
  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch (err) {
    throw new FeedParseError('siri-vm', `malformed XML: ${(err as Error).message}`);
  }
  const sd = child(child(root, 'Siri'), 'ServiceDelivery');
  if (!sd) throw new FeedParseError('siri-vm', 'no Siri/ServiceDelivery element');
  const vmds = (sd.VehicleMonitoringDelivery as XmlNode[] | undefined) ?? [];
  const out = delivery(parseIsoMs(text(sd.ResponseTimestamp) ?? text(vmds[0]?.ResponseTimestamp)), text(sd.ProducerRef));
  for (const vmd of vmds) {
    const activities = (vmd && (vmd.VehicleActivity as XmlNode[] | undefined)) || [];
    for (const activity of activities) add(out, activity && typeof activity === 'object' ? activityRecord(treeValues(activity)) : null);
  }
  return out;
}

function delivery(producedAtMs: number, producer: string | null): VehicleDelivery {
  return { source: 'siri_vm', producedAtMs, producer, records: [], seen: 0, droppedJunkPosition: 0, droppedIncomplete: 0 };
}

/** Counts an activity and keeps its record when it has a usable position. */
function add(out: VehicleDelivery, rec: VehicleRecord | null): void {
  out.seen++;
  if (!rec) out.droppedIncomplete++;
  else if (!usablePosition(rec.latitude, rec.longitude)) out.droppedJunkPosition++;
  else out.records.push(rec);
}
