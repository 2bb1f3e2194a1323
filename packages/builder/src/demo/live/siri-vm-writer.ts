/** One VehicleActivity to write; optional fields are left out when null/undefined. */
export interface SiriActivity {
  recordedAtMs: number;
  validUntilMs?: number;
  lineRef?: string | null;
  publishedLineName?: string | null;
  directionRef?: string | null;
  operatorRef?: string | null;
  dataFrameRef?: string | null;
  datedVehicleJourneyRef?: string | null;
  originRef?: string | null;
  originName?: string | null;
  originAimedDepartureMs?: number | null;
  destinationRef?: string | null;
  destinationName?: string | null;
  latitude: number;
  longitude: number;
  bearing?: number | null;
  occupancy?: string | null;
  blockRef?: string | null;
  vehicleRef: string;
  ticketMachineCode?: string | null;
  seatedOccupancy?: number | null;
  seatedCapacity?: number | null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const el = (name: string, v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '' : `<${name}>${typeof v === 'number' ? v : esc(v)}</${name}>`);

/**
 * A SIRI-VM 2.0 ServiceDelivery document in the shape the Bus Open Data Service datafeed
 * serves (the simulated demo feed and test feeds). `producerRef` names the producer
 * (the demo uses `SIMULATED`, so the feed is labelled as such).
 */
export function siriVmDocument(activities: readonly SiriActivity[], responseMs: number, producerRef = 'SIMULATED'): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery>',
    `<ResponseTimestamp>${iso(responseMs)}</ResponseTimestamp><ProducerRef>${esc(producerRef)}</ProducerRef>`,
    `<VehicleMonitoringDelivery><ResponseTimestamp>${iso(responseMs)}</ResponseTimestamp><ValidUntil>${iso(responseMs + 300_000)}</ValidUntil>`,
  ];
  for (const a of activities) {
    const framed = a.datedVehicleJourneyRef ? `<FramedVehicleJourneyRef>${el('DataFrameRef', a.dataFrameRef)}${el('DatedVehicleJourneyRef', a.datedVehicleJourneyRef)}</FramedVehicleJourneyRef>` : '';
    const ext =
      a.ticketMachineCode || a.seatedOccupancy != null
        ? `<Extensions><VehicleJourney>${a.ticketMachineCode ? `<Operational><TicketMachine>${el('JourneyCode', a.ticketMachineCode)}</TicketMachine></Operational>` : ''}${el('SeatedOccupancy', a.seatedOccupancy)}${el('SeatedCapacity', a.seatedCapacity)}</VehicleJourney></Extensions>`
        : '';
    parts.push(
      `<VehicleActivity>${el('RecordedAtTime', iso(a.recordedAtMs))}${el('ValidUntilTime', iso(a.validUntilMs ?? responseMs + 300_000))}<MonitoredVehicleJourney>` +
        el('LineRef', a.lineRef) +
        el('DirectionRef', a.directionRef) +
        framed +
        el('PublishedLineName', a.publishedLineName) +
        el('OperatorRef', a.operatorRef) +
        el('OriginRef', a.originRef) +
        el('OriginName', a.originName) +
        el('DestinationRef', a.destinationRef) +
        el('DestinationName', a.destinationName) +
        el('OriginAimedDepartureTime', a.originAimedDepartureMs == null ? null : iso(a.originAimedDepartureMs)) +
        `<VehicleLocation><Longitude>${a.longitude.toFixed(6)}</Longitude><Latitude>${a.latitude.toFixed(6)}</Latitude></VehicleLocation>` +
        el('Bearing', a.bearing) +
        el('Occupancy', a.occupancy) +
        el('BlockRef', a.blockRef) +
        el('VehicleRef', a.vehicleRef) +
        `</MonitoredVehicleJourney>${ext}</VehicleActivity>`,
    );
  }
  parts.push('</VehicleMonitoringDelivery></ServiceDelivery></Siri>');
  return parts.join('');
}
