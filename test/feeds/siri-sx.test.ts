// FEATURE UNDER TEST: the SIRI-SX parser on the real BODS sample and on broken documents.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { FeedParseError, parseSiriSx, siriSeverity } from '@transit/feeds';
import { HAVE_DATA, data } from '../support/data.js';

const SAMPLE = 'siri_sx/bods_sirisx_2020-05-11_greater_manchester.xml';

describe.skipIf(!HAVE_DATA)('SIRI-SX: real BODS sample (Greater Manchester, 2020-05-11)', () => {
  // A skipped describe still runs its body while collecting: read and parse only when the sample is there.
  const out = HAVE_DATA ? parseSiriSx(readFileSync(data(SAMPLE))) : (null as never);

  it('reads every situation with its stops and lines', () => {
    expect(out.source).toBe('siri_sx');
    expect(out.seen).toBe(9);
    expect(out.skipped).toBe(0);
    expect(out.records).toHaveLength(9);
    expect(out.records.reduce((n, r) => n + r.stops.length, 0)).toBe(52);
    expect(out.records.reduce((n, r) => n + r.lines.length, 0)).toBe(18);
    expect(out.producedAtMs).toBe(Date.parse('2020-05-11T17:27:25+01:00'));
    expect(new Set(out.records.map((r) => r.id)).size).toBe(9);
  });

  it('keeps the fields of the first situation', () => {
    const r = out.records[0];
    expect(r).toMatchObject({
      id: 'siri_sx:RGlzcnVwdGlvbk5vZGU6MTA3NjM=',
      source: 'siri_sx',
      version: 1,
      mode: 'bus',
      severity: 'minor',
      planned: true,
      progress: 'open',
      reason: 'roadworks',
      summary: 'East Didsbury bus service changes Monday 11th May until Thursday 14th May.',
      createdAt: Date.parse('2020-05-11T13:31:08Z'),
      validity: [{ start: Date.parse('2020-05-10T23:01:00Z'), end: Date.parse('2020-05-14T17:00:00Z') }],
      publication: { start: Date.parse('2020-05-10T23:00:00Z'), end: Date.parse('2020-05-14T22:59:59Z') },
      operators: [{ code: 'SCMN', name: 'Stagecoach Greater Manchester' }],
      lines: [{ name: '142', ref: '142', operators: [{ code: 'SCMN', name: 'Stagecoach Greater Manchester' }] }],
      stops: [{ atcocode: '1800SB14291', name: 'Parrs Wood', lat: 53.40993347119, lon: -2.21932186711 }],
      statuses: [{ severity: 'minor', code: null, description: 'slight' }],
      links: ['https://tfgm.com/travel-updates/bus-update'],
      blocking: true,
      simulated: false,
    });
    expect(r.description).toMatch(/^Due to resurfacing works/);
    expect(r.advice[0]).toMatch(/^Towards East Didsbury terminus/);
  });

  it('lists several operators of one line and situations without stops', () => {
    const r = out.records[1];
    expect(r.stops).toEqual([]);
    expect(r.operators.map((o) => o.code)).toEqual(['AMSY', 'SCMY']);
    expect(r.blocking).toBe(false);
    const many = out.records.find((x) => x.id === 'siri_sx:RGlzcnVwdGlvbk5vZGU6MTA3NTc=')!;
    expect(many.stops).toHaveLength(29);
    expect(many.lines.map((l) => l.name)).toEqual(['172', '179', '111', '23']);
    expect(many.statuses).toHaveLength(4);
  });
});

describe('SIRI-SX: documents that are not usable', () => {
  it.each([
    ['empty', ''],
    ['whitespace', '   \n'],
    ['not XML', '{"Siri": 1}'],
    ['truncated', '<Siri><ServiceDelivery><SituationExchangeDelivery><Situations><PtSituationElement><SituationNumber>1'],
    ['another document', '<Siri><VehicleMonitoring/></Siri>'],
    ['malformed', '<Siri><ServiceDelivery><a></b></ServiceDelivery></Siri>'],
  ])('%s -> FeedParseError', (_, doc) => {
    expect(() => parseSiriSx(doc)).toThrow(FeedParseError);
  });

  it('an empty delivery gives no records', () => {
    const out = parseSiriSx('<Siri xmlns="http://www.siri.org.uk/siri"><ServiceDelivery><SituationExchangeDelivery><Situations/></SituationExchangeDelivery></ServiceDelivery></Siri>');
    expect(out.records).toEqual([]);
  });

  it('reads several validity periods, rail and tram modes, and skips a situation with no number', () => {
    const doc = `<Siri><ServiceDelivery><SituationExchangeDelivery><Situations>
      <PtSituationElement><SituationNumber>A</SituationNumber><Planned>false</Planned>
        <ValidityPeriod><StartTime>2026-01-01T08:00:00Z</StartTime><EndTime>2026-01-01T10:00:00Z</EndTime></ValidityPeriod>
        <ValidityPeriod><StartTime>2026-01-02T08:00:00Z</StartTime></ValidityPeriod>
        <Summary>Points failure</Summary>
        <Consequences><Consequence><Severity>severe</Severity><Affects><Networks><AffectedNetwork><VehicleMode>rail</VehicleMode>
          <AffectedLine><LineRef>NT_1</LineRef></AffectedLine></AffectedNetwork></Networks>
          <StopPoints><AffectedStopPoint><StopPointRef>9100SHEFFLD</StopPointRef></AffectedStopPoint></StopPoints></Affects></Consequence></Consequences>
      </PtSituationElement>
      <PtSituationElement><SituationNumber>B</SituationNumber><Consequences><Consequence><Severity>noImpact</Severity><Affects><Networks><AffectedNetwork><AffectedLine><AffectedMode>tram</AffectedMode><PublishedLineName>Yellow</PublishedLineName></AffectedLine></AffectedNetwork></Networks></Affects></Consequence></Consequences></PtSituationElement>
      <PtSituationElement><Summary>no number</Summary></PtSituationElement>
    </Situations></SituationExchangeDelivery></ServiceDelivery></Siri>`;
    const out = parseSiriSx(doc);
    expect(out.seen).toBe(3);
    expect(out.skipped).toBe(1);
    const [a, b] = out.records;
    expect(a).toMatchObject({ mode: 'rail', severity: 'severe', planned: false, summary: 'Points failure', lines: [{ name: 'NT 1', ref: 'NT_1' }] });
    expect(a.validity).toEqual([
      { start: Date.parse('2026-01-01T08:00:00Z'), end: Date.parse('2026-01-01T10:00:00Z') },
      { start: Date.parse('2026-01-02T08:00:00Z'), end: null },
    ]);
    expect(a.stops).toEqual([{ atcocode: '9100SHEFFLD', name: null, lat: null, lon: null }]);
    expect(b).toMatchObject({ mode: 'tram', severity: 'information', lines: [{ name: 'Yellow' }] });
  });

  it('maps the SIRI severity scale', () => {
    expect(['verySevere', 'severe', 'normal', 'slight', 'verySlight', 'noImpact', 'unknown', null].map(siriSeverity)).toEqual(['severe', 'severe', 'minor', 'minor', 'minor', 'information', 'unknown', 'unknown']);
  });
});
