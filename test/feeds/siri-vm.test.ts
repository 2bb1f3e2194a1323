// FEATURE UNDER TEST: the SIRI-VM parser on the real BODS datafeed sample and on broken input.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedParseError, parseSiriVm } from '@transit/feeds';
import { HAVE_DATA, data } from '../support/data.js';

describe.skipIf(!HAVE_DATA)('SIRI-VM: real BODS sample (2020-07-24)', () => {
  const bytes = () => readFileSync(data('siri_vm/bods_sirivm_2020-07-24.xml'));

  it('reads every activity and the delivery timestamp', () => {
    const d = parseSiriVm(bytes());
    expect(d.source).toBe('siri_vm');
    expect(d.seen).toBe(841);
    expect(d.records.length + d.droppedJunkPosition + d.droppedIncomplete).toBe(841);
    expect(d.records.length).toBe(841);
    expect(d.producedAtMs).toBe(Date.parse('2020-07-24T14:14:46.261Z'));
    expect(new Set(d.records.map((r) => r.operatorRef))).toEqual(new Set(['SCCM', 'SCNH', 'GEA', 'ATS', 'CBLE', 'ASC', 'WHIP', 'GP', 'UNIB', 'WPB', 'TGTC']));
  });

  it('normalises a known vehicle: operator prefix stripped, direction lower case, times as epoch ms', () => {
    const r = parseSiriVm(bytes()).records.find((x) => x.operatorRef === 'ASC' && x.vehicleRef === '3787')!;
    expect(r).toMatchObject({
      lineRef: '97',
      publishedLineName: '97',
      directionRef: 'inbound',
      originRef: '021022113',
      destinationRef: '210021108740',
      destinationName: 'Hermitage Road',
      journeyRef: '1024',
      latitude: 52.0084686,
      longitude: -0.24055,
      bearing: null,
      ticketMachineCode: null,
    });
    expect(r.originAimedDepartureMs).toBe(Date.parse('2020-07-06T16:51:00Z'));
    expect(r.recordedAtMs).toBe(Date.parse('2020-07-06T17:02:42Z'));
    // ValidUntilTime has no zone in the feed; it is UTC (5 minutes after the response).
    expect(r.validUntilMs).toBe(Date.parse('2020-07-24T14:19:46.261Z'));
  });

  it('keeps fields missing in some activities as null (BlockRef, OriginRef)', () => {
    const r = parseSiriVm(bytes()).records.find((x) => x.operatorRef === 'GEA' && x.vehicleRef === '617')!;
    expect(r).toMatchObject({ lineRef: '8', directionRef: 'inbound', blockRef: '600065', originRef: null, destinationName: null });
    expect(Number.isNaN(r.originAimedDepartureMs)).toBe(true);
  });

  it('reads mixed-case DirectionRef the same', () => {
    const count = (dir: string | null) => parseSiriVm(bytes()).records.filter((r) => r.directionRef === dir).length;
    expect(count('inbound')).toBe(347 + 61); // INBOUND + inbound
    expect(count('outbound')).toBe(266 + 60);
    expect(count('clockwise')).toBe(6);
    expect(count(null)).toBe(101); // no DirectionRef
  });

  it('the fast scanner and fast-xml-parser read the real document identically', () => {
    const fast = parseSiriVm(bytes());
    const general = parseSiriVm(bytes(), { fastPath: false });
    expect(general.records.length).toBe(841);
    expect(fast).toEqual(general);
  });

  it('refuses a truncated download with FeedParseError', () => {
    const b = bytes();
    for (const cut of [100, 5000, b.length >> 1, b.length - 10]) expect(() => parseSiriVm(b.subarray(0, cut))).toThrow(FeedParseError);
  });
});

const doc = (body: string) => `<?xml version="1.0"?><Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery><ResponseTimestamp>2026-01-15T10:00:00+00:00</ResponseTimestamp>${body}</ServiceDelivery></Siri>`;
const activity = (inner: string, loc = '<VehicleLocation><Longitude>-1.47</Longitude><Latitude>53.38</Latitude></VehicleLocation>', outer = '') =>
  `<VehicleActivity><RecordedAtTime>2026-01-15T09:59:30+00:00</RecordedAtTime><MonitoredVehicleJourney><OperatorRef>SYRK</OperatorRef>${inner}${loc}<VehicleRef>SYRK-101</VehicleRef></MonitoredVehicleJourney>${outer}</VehicleActivity>`;

describe('SIRI-VM: edge cases', () => {
  it('an empty delivery is an empty result, not an error', () => {
    const d = parseSiriVm(new TextEncoder().encode(doc('<VehicleMonitoringDelivery><ResponseTimestamp>2026-01-15T10:00:00+00:00</ResponseTimestamp></VehicleMonitoringDelivery>')));
    expect(d.records).toEqual([]);
    expect(d.producedAtMs).toBe(Date.parse('2026-01-15T10:00:00Z'));
    expect(parseSiriVm(doc('')).records).toEqual([]);
  });

  it('garbage, empty bytes, JSON and other XML are FeedParseErrors', () => {
    for (const bad of ['', '   ', 'garbage', '{"Siri":{}}', '<html><body>502 Bad Gateway</body></html>', '<Siri><ServiceDelivery>', '<Siri></Siri>']) {
      expect(() => parseSiriVm(bad), JSON.stringify(bad)).toThrow(FeedParseError);
    }
    expect(() => parseSiriVm(new Uint8Array([0xff, 0xfe, 0x00, 0x01]))).toThrow(FeedParseError);
  });

  it('drops and counts junk positions (0/0, lat 90, missing) and activities with no vehicle', () => {
    const d = parseSiriVm(
      doc(
        '<VehicleMonitoringDelivery>' +
          activity('<LineRef>1</LineRef>') +
          activity('<LineRef>2</LineRef>', '<VehicleLocation><Longitude>0</Longitude><Latitude>0</Latitude></VehicleLocation>') +
          activity('<LineRef>3</LineRef>', '<VehicleLocation><Longitude>-1.4</Longitude><Latitude>90</Latitude></VehicleLocation>') +
          activity('<LineRef>4</LineRef>', '') +
          '<VehicleActivity><RecordedAtTime>2026-01-15T09:59:30+00:00</RecordedAtTime><MonitoredVehicleJourney><LineRef>5</LineRef></MonitoredVehicleJourney></VehicleActivity>' +
          '</VehicleMonitoringDelivery>',
      ),
    );
    expect(d.records.map((r) => r.lineRef)).toEqual(['1']);
    expect(d.droppedJunkPosition).toBe(3);
    expect(d.droppedIncomplete).toBe(1);
    expect(d.seen).toBe(5);
  });

  it('reads the ticket-machine journey code, framed journey ref, bearing and occupancy extensions', () => {
    const d = parseSiriVm(
      doc(
        '<VehicleMonitoringDelivery>' +
          activity(
            '<LineRef>X_1</LineRef><DirectionRef>OUTBOUND</DirectionRef><FramedVehicleJourneyRef><DataFrameRef>2026-01-15</DataFrameRef><DatedVehicleJourneyRef>UNKNOWN</DatedVehicleJourneyRef></FramedVehicleJourneyRef><VehicleJourneyRef>VJ9</VehicleJourneyRef><Bearing>0</Bearing><Occupancy>seatsAvailable</Occupancy>',
            undefined,
            '<Extensions><VehicleJourney><Operational><TicketMachine><JourneyCode>0815</JourneyCode></TicketMachine></Operational><SeatedOccupancy>12</SeatedOccupancy><SeatedCapacity>40</SeatedCapacity><WheelchairCapacity>1</WheelchairCapacity></VehicleJourney></Extensions>',
          ) +
          activity('<LineRef>2</LineRef><Bearing>135.5</Bearing>', undefined, '<Extensions><VehicleJourney><Operational><TicketMachine><JourneyCode>0000</JourneyCode></TicketMachine></Operational></VehicleJourney></Extensions>') +
          '</VehicleMonitoringDelivery>',
      ),
    );
    const [a, b] = d.records;
    expect(a).toMatchObject({ lineRef: 'X 1', directionRef: 'outbound', dataFrameRef: '2026-01-15', journeyRef: 'VJ9', ticketMachineCode: '0815', bearing: null, occupancy: 'seatsAvailable', seatedOccupancy: 12, seatedCapacity: 40, wheelchairCapacity: 1, wheelchairOccupancy: null, vehicleRef: '101' });
    expect(b).toMatchObject({ ticketMachineCode: null, bearing: 135.5 });
  });

  it('reads prefixed elements, comments and CDATA (general parser) the same as plain ones', () => {
    const plain = parseSiriVm(doc('<VehicleMonitoringDelivery>' + activity('<LineRef>7</LineRef><DestinationName>Town &amp; Gown</DestinationName>') + '</VehicleMonitoringDelivery>'));
    const prefixed = parseSiriVm(
      '<siri:Siri xmlns:siri="http://www.siri.org.uk/siri"><siri:ServiceDelivery><siri:ResponseTimestamp>2026-01-15T10:00:00+00:00</siri:ResponseTimestamp><siri:VehicleMonitoringDelivery><siri:VehicleActivity><siri:RecordedAtTime>2026-01-15T09:59:30+00:00</siri:RecordedAtTime><siri:MonitoredVehicleJourney><siri:OperatorRef>SYRK</siri:OperatorRef><siri:LineRef>7</siri:LineRef><siri:DestinationName>Town &amp; Gown</siri:DestinationName><siri:VehicleLocation><siri:Longitude>-1.47</siri:Longitude><siri:Latitude>53.38</siri:Latitude></siri:VehicleLocation><siri:VehicleRef>SYRK-101</siri:VehicleRef></siri:MonitoredVehicleJourney></siri:VehicleActivity></siri:VehicleMonitoringDelivery></siri:ServiceDelivery></siri:Siri>',
    );
    const commented = parseSiriVm(doc('<!-- a comment --><VehicleMonitoringDelivery>' + activity('<LineRef>7</LineRef><DestinationName><![CDATA[Town & Gown]]></DestinationName>') + '</VehicleMonitoringDelivery>'));
    expect(prefixed).toEqual(plain);
    expect(commented.records).toEqual(plain.records);
    expect(plain.records[0].destinationName).toBe('Town & Gown');
  });

  it('decodes character references in text fields', () => {
    const d = parseSiriVm(doc('<VehicleMonitoringDelivery>' + activity('<LineRef>1</LineRef><DestinationName>Bus &amp; Rail Interchange &#x2013; Stand &#66;</DestinationName>') + '</VehicleMonitoringDelivery>'));
    expect(d.records[0].destinationName).toBe('Bus & Rail Interchange \u2013 Stand B');
  });
});
