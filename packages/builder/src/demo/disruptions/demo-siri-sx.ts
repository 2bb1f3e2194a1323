import type { Engine } from '@transit/engine';
import { demoLines, type DemoLine } from './demo-lines.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One simulated situation before it is written as XML. */
interface DemoSituation {
  key: string;
  line: DemoLine;
  /** Stops of the line's longest journey named as affected: [from, to) positions. */
  stops: [number, number];
  /** Write Location for the stops (else only StopPointRef: coordinates come from the snapshot). */
  locations: boolean;
  planned: boolean;
  severity: string;
  reason: string;
  start: number;
  end: number | null;
  summary: string;
  description: string;
  advice: string;
}

/**
 * A SIRI-SX 2.0 delivery naming the served snapshot's own lines and stops, relative to `nowMs`
 * so it stays current: planned roadworks (in force), an unplanned incident (in force, severe),
 * works not yet started, works that have ended, and a tram situation naming stops by ref only.
 * Every situation says it is simulated (Summary prefix, ParticipantRef, `Extensions/Simulated`).
 * Empty `Situations` when the snapshot has no timetable.
 */
export function demoSiriSx(engine: Engine, nowMs: number): string {
  const { bus, tram } = demoLines(engine, ['52', 'X1', '120', '265']);
  const at = (i: number) => bus[i % Math.max(1, bus.length)];
  const situations: DemoSituation[] = [];
  if (bus.length > 0) {
    const mid = (l: DemoLine, n: number): [number, number] => {
      const from = Math.max(0, Math.floor(l.stops.length / 2) - Math.floor(n / 2));
      return [from, Math.min(l.stops.length, from + n)];
    };
    const l0 = at(0), l1 = at(1), l2 = at(2), l3 = at(3);
    situations.push(
      { key: 'works', line: l0, stops: mid(l0, 4), locations: true, planned: true, severity: 'normal', reason: 'roadworks', start: nowMs - 2 * DAY, end: nowMs + 5 * DAY,
        summary: `Line ${l0.line}: resurfacing works, stops closed`, description: `Resurfacing works: line ${l0.line} is diverted and the stops listed are closed.`, advice: 'Use the temporary stops on the diversion route.' },
      { key: 'incident', line: l1, stops: [0, Math.min(3, l1.stops.length)], locations: true, planned: false, severity: 'severe', reason: 'accident', start: nowMs - 30 * 60_000, end: nowMs + 3 * HOUR,
        summary: `Line ${l1.line}: road closed after a collision`, description: `A collision has closed the road near ${l1.stops[0].name}; line ${l1.line} cannot serve the stops listed.`, advice: 'Expect delays of up to 30 minutes.' },
      { key: 'future', line: l2, stops: mid(l2, 3), locations: false, planned: true, severity: 'slight', reason: 'roadworks', start: nowMs + 2 * DAY, end: nowMs + 4 * DAY,
        summary: `Line ${l2.line}: gas main works from ${new Date(nowMs + 2 * DAY).toISOString().slice(0, 10)}`, description: `Gas main replacement: line ${l2.line} will be diverted.`, advice: 'Allow extra time.' },
      { key: 'ended', line: l3, stops: mid(l3, 2), locations: true, planned: true, severity: 'slight', reason: 'specialEvent', start: nowMs - 5 * DAY, end: nowMs - DAY,
        summary: `Line ${l3.line}: event diversion (ended)`, description: `A street event diverted line ${l3.line}.`, advice: 'Services are back on their normal route.' },
    );
  }
  if (tram) {
    situations.push({ key: 'tram', line: tram, stops: tramStops(tram), locations: false, planned: false, severity: 'slight', reason: 'overheadWireFailure', start: nowMs - HOUR, end: null,
      summary: `${tram.lineName || tram.line}: reduced service`, description: 'An overhead wire fault means trams run every 20 minutes between the stops listed.', advice: 'Tickets are accepted on buses.' });
  }
  const body = situations.map((s) => situationXml(s, nowMs)).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Siri version="2.0" xmlns="http://www.siri.org.uk/siri"><ServiceDelivery><ResponseTimestamp>${iso(nowMs)}</ResponseTimestamp><ProducerRef>SIMULATED</ProducerRef><SituationExchangeDelivery version="2.0"><ResponseTimestamp>${iso(nowMs)}</ResponseTimestamp><Situations>${body}</Situations></SituationExchangeDelivery></ServiceDelivery></Siri>\n`;
}

/** Stops 2-4 of the tram line (named by ref only, so coordinates come from the snapshot). */
function tramStops(l: DemoLine): [number, number] {
  return [1, Math.min(l.stops.length, 4)];
}

function situationXml(s: DemoSituation, nowMs: number): string {
  const stops = s.line.stops.slice(s.stops[0], s.stops[1]);
  const mode = s.line.mode === 'tram' ? 'tram' : 'bus';
  const stopXml = stops
    .map((st) => `<AffectedStopPoint><StopPointRef>${esc(st.atcocode)}</StopPointRef><StopPointName>${esc(st.name)}</StopPointName>${s.locations ? `<Location><Longitude>${st.longitude}</Longitude><Latitude>${st.latitude}</Latitude></Location>` : ''}<AffectedModes><Mode><VehicleMode>${mode}</VehicleMode></Mode></AffectedModes></AffectedStopPoint>`)
    .join('');
  const end = s.end === null ? '' : `<EndTime>${iso(s.end)}</EndTime>`;
  return (
    `<PtSituationElement><CreationTime>${iso(Math.min(s.start, nowMs) - 3 * HOUR)}</CreationTime><ParticipantRef>SIMULATED</ParticipantRef><SituationNumber>DEMO-${s.key}</SituationNumber><Version>1</Version>` +
    `<Source><SourceType>directReport</SourceType></Source><Progress>open</Progress>` +
    `<ValidityPeriod><StartTime>${iso(s.start)}</StartTime>${end}</ValidityPeriod><PublicationWindow><StartTime>${iso(s.start - DAY)}</StartTime>${end}</PublicationWindow>` +
    `<MiscellaneousReason>${esc(s.reason)}</MiscellaneousReason><Planned>${s.planned}</Planned>` +
    `<Summary>[Simulated] ${esc(s.summary)}</Summary><Description>Simulated demo disruption. ${esc(s.description)}</Description>` +
    `<Consequences><Consequence><Condition>${s.planned ? 'diverted' : 'disrupted'}</Condition><Severity>${s.severity}</Severity><Affects><Networks><AffectedNetwork><VehicleMode>${mode}</VehicleMode>` +
    `<AffectedLine><AffectedOperator><OperatorRef>${esc(s.line.operatorCode)}</OperatorRef><OperatorName>${esc(s.line.operator)}</OperatorName></AffectedOperator><LineRef>${esc(s.line.line)}</LineRef><PublishedLineName>${esc(s.line.line)}</PublishedLineName></AffectedLine>` +
    `</AffectedNetwork></Networks><StopPoints>${stopXml}</StopPoints></Affects><Advice><Details>${esc(s.advice)}</Details></Advice><Blocking><JourneyPlanner>${!s.planned}</JourneyPlanner></Blocking></Consequence></Consequences>` +
    `<Extensions><Simulated>true</Simulated></Extensions></PtSituationElement>`
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
