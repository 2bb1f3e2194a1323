import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { worseSeverity, severityRank, type Disruption, type DisruptionDelivery, type DisruptionOperator, type DisruptionPeriod, type DisruptionStatus } from '@transit/engine';
import { FeedParseError } from '../errors.js';
import { num, parseIsoMs } from '../feed-values.js';
import { readAffects, type SiriAffects } from './siri-sx-consequence.js';
import { siriSeverity } from './siri-sx-severity.js';
import { node, nodes, textOf, type XmlNode } from '../xml-node.js';
import { readSiriXml } from '../siri-document.js';

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, processEntities: true });
const REASONS = ['MiscellaneousReason', 'PersonnelReason', 'EquipmentReason', 'EnvironmentReason', 'UndefinedReason', 'ReasonName'];

/**
 * Parses a SIRI-SX 2.0 `Siri/ServiceDelivery/SituationExchangeDelivery` document (the BODS
 * disruptions feed) into normalised disruptions, one per `PtSituationElement`. Situations
 * without a SituationNumber are skipped and counted; a delivery with no situations gives none.
 * Throws FeedParseError for empty, non-XML, truncated or malformed bytes, or another document.
 * Severity: the worst consequence's (see `siriSeverity`); mode: tram or rail when a network,
 * line or stop says so, else bus. `Extensions/Simulated` = true marks generated demo data.
 */
export function parseSiriSx(bytes: Uint8Array | string): DisruptionDelivery {
  const xml = readSiriXml(bytes, 'siri-sx');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError('siri-sx', `malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch (err) {
    throw new FeedParseError('siri-sx', `malformed XML: ${(err as Error).message}`);
  }
  const delivery = node(node(root, 'Siri'), 'ServiceDelivery');
  if (!delivery) throw new FeedParseError('siri-sx', 'no Siri/ServiceDelivery element');
  const sxds = nodes(delivery, 'SituationExchangeDelivery');
  const out: DisruptionDelivery = { source: 'siri_sx', producedAtMs: parseIsoMs(textOf(delivery, 'ResponseTimestamp')), records: [], seen: 0, skipped: 0 };
  for (const sxd of sxds) {
    for (const el of nodes(node(sxd, 'Situations'), 'PtSituationElement')) {
      out.seen++;
      const rec = situationRecord(el);
      if (rec) out.records.push(rec);
      else out.skipped++;
    }
  }
  return out;
}

/** One PtSituationElement as a record, or null without a SituationNumber. */
function situationRecord(el: XmlNode): Disruption | null {
  const number = textOf(el, 'SituationNumber');
  if (number === null) return null;
  const affects: SiriAffects[] = [readAffects(node(el, 'Affects'))];
  const statuses: DisruptionStatus[] = [];
  const advice: string[] = [];
  let blocking: boolean | null = null;
  for (const c of nodes(node(el, 'Consequences'), 'Consequence')) {
    affects.push(readAffects(node(c, 'Affects')));
    const raw = textOf(c, 'Severity');
    statuses.push({ severity: siriSeverity(raw), code: null, description: raw ?? 'unknown', reason: textOf(c, 'Condition'), validity: nodes(c, 'Period').map(period) });
    const details = textOf(node(c, 'Advice'), 'Details');
    if (details !== null && !advice.includes(details)) advice.push(details);
    const jp = textOf(node(c, 'Blocking'), 'JourneyPlanner');
    if (jp !== null) blocking = (blocking ?? false) || jp === 'true';
  }
  if (statuses.length === 0) {
    const raw = textOf(el, 'Severity');
    statuses.push({ severity: siriSeverity(raw), code: null, description: raw ?? 'unknown', reason: null, validity: [] });
  }
  statuses.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  const modes = affects.flatMap((a) => a.modes);
  const lines = affects.flatMap((a) => a.lines);
  const created = parseIsoMs(textOf(el, 'CreationTime'));
  const pub = node(el, 'PublicationWindow');
  return {
    id: `siri_sx:${number}`,
    source: 'siri_sx',
    version: num(textOf(el, 'Version')),
    mode: modes.includes('rail') ? 'rail' : modes.includes('tram') ? 'tram' : 'bus',
    severity: statuses.reduce((w, s) => worseSeverity(w, s.severity), statuses[0].severity),
    planned: textOf(el, 'Planned') === 'true',
    progress: textOf(el, 'Progress'),
    reason: REASONS.map((r) => textOf(el, r)).find((r) => r !== null) ?? null,
    summary: textOf(el, 'Summary') ?? textOf(el, 'Description') ?? 'Disruption',
    description: textOf(el, 'Description'),
    advice,
    createdAt: Number.isFinite(created) ? created : null,
    validity: nodes(el, 'ValidityPeriod').map(period),
    publication: pub ? period(pub) : null,
    operators: uniqueOperators([...affects.flatMap((a) => a.operators), ...lines.flatMap((l) => l.operators)]),
    lines,
    stops: affects.flatMap((a) => a.stops),
    statuses,
    links: nodes(node(el, 'InfoLinks'), 'InfoLink').map((l) => textOf(l, 'Uri')).filter((u): u is string => u !== null),
    blocking,
    simulated: textOf(node(el, 'Extensions'), 'Simulated') === 'true',
  };
}

function period(p: XmlNode): DisruptionPeriod {
  const start = parseIsoMs(textOf(p, 'StartTime'));
  const end = parseIsoMs(textOf(p, 'EndTime'));
  return { start: Number.isFinite(start) ? start : null, end: Number.isFinite(end) ? end : null };
}

function uniqueOperators(ops: DisruptionOperator[]): DisruptionOperator[] {
  const seen = new Map<string, DisruptionOperator>();
  for (const o of ops) {
    const key = o.code ?? o.name ?? '';
    const prev = seen.get(key);
    if (!prev) seen.set(key, o);
    else if (prev.name === null && o.name !== null) seen.set(key, o);
  }
  return [...seen.values()];
}
