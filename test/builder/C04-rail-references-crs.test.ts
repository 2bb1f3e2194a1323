// FEATURE UNDER TEST: NaPTAN RailReferences.csv (--rail-stations) maps TIPLOC and rail ATCO codes to CRS, so GTFS rail stops without a CRS stop_code and NaPTAN rail stops join their stations.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { buildSnapshot } from '@transit/builder';
import { Engine, ModeBit } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { unzipToFolder } from '../support/trip-dump.js';

const RAIL_REFERENCES = 'rail_stations/RailReferences.csv';

/** Stop ATCO code (or GTFS stop_id) -> the CRS of the station it is linked to. */
function stationOfStop(e: Engine): Map<string, string> {
  const st = e.stationTable;
  const out = new Map<string, string>();
  for (let s = 0; s < st.count; s++) for (let i = st.stopOffsets[s]; i < st.stopOffsets[s + 1]; i++) out.set(e.strings.get(e.stopTable.atco[st.stops[i]]), e.strings.get(st.crs[s]));
  return out;
}

const csvRows = (file: string) => parse(readFileSync(file), { columns: true, bom: true }) as Record<string, string>[];

describe.skipIf(!HAVE_DATA)('TIPLOC / ATCO -> CRS from RailReferences.csv', () => {

  it('gives the Newport BODS rail GTFS stops (stop_id = TIPLOC) their CRS once stop_code is blanked', async () => {
    const dir = await unzipToFolder(data('gtfs/newport_wales_bods_2024-03-05/rail.zip'));
    const stops = csvRows(path.join(dir, 'stops.txt'));
    const crsOf = new Map(stops.map((s) => [s.stop_id, s.stop_code]));
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const columns = Object.keys(stops[0]);
    const blanked = stops.map((s) => columns.map((c) => quote(c === 'stop_code' ? '' : s[c])).join(','));
    writeFileSync(path.join(dir, 'stops.txt'), [columns.join(','), ...blanked].join('\n') + '\n');

    const without = stationOfStop(Engine.open((await buildSnapshot({ gtfs: [dir], quiet: true })).bytes.buffer));
    expect(without.size).toBe(0); // no CRS anywhere: no station knows its platforms

    const e = Engine.open((await buildSnapshot({ gtfs: [dir], railStations: [data(RAIL_REFERENCES)], quiet: true })).bytes.buffer);
    const linked = stationOfStop(e);
    const wrong = [...linked].filter(([stopId, crs]) => crsOf.get(stopId) !== crs);
    // NaPTAN gives Tamworth High Level its own code; the feed files it under Tamworth (TAM).
    expect(wrong).toEqual([['TMWTHHL', 'TAH']]);
    // RailReferences dates from 2017: the few TIPLOCs it lacks (newer stations) stay unlinked.
    expect(linked.size / stops.length).toBeGreaterThan(0.95);
    expect(linked.get('NWPTRTG')).toBe('NWP'); // Newport (South Wales)
    expect(linked.get('CRDFCEN')).toBe('CDF'); // Cardiff Central
  });

  it('gives dtd2gtfs stops (stop_id = CRS, stop_code = TIPLOC) their CRS', async () => {
    const dir = data('rail_timetable/dtd_mini_gtfs');
    const before = stationOfStop(Engine.open((await buildSnapshot({ gtfs: [dir], quiet: true })).bytes.buffer));
    const e = Engine.open((await buildSnapshot({ gtfs: [dir], railStations: [data(RAIL_REFERENCES)], quiet: true })).bytes.buffer);
    const after = stationOfStop(e);
    expect(before.size).toBeLessThan(after.size);
    // Rail stops only (stops that only buses, boats or the Underground serve are not rail stops).
    const railStops = Array.from({ length: e.stopTable.count }, (_, i) => i).filter((i) => e.stopTable.modes[i] & ModeBit.Rail);
    const linkedRail = railStops.filter((i) => after.has(e.strings.get(e.stopTable.atco[i])));
    expect(linkedRail.length / railStops.length).toBeGreaterThan(0.95);
    // RailReferences dates from 2017: Heathrow Terminals 2 & 3 (now HXX) was LHR, Whitechapel (now ZLW) ZWL.
    expect([...after].filter(([stopId, crs]) => stopId !== crs)).toEqual([['HXX', 'LHR'], ['ZLW', 'ZWL']]);
  });

  it('links NaPTAN rail stops (9100<TIPLOC>) to their stations, and CIF calls reuse them', async () => {
    const { bytes } = await buildSnapshot({
      naptan: [data('naptan/910Stops_national_rail.csv')],
      railStations: [data(RAIL_REFERENCES)],
      cif: [data('rail_timetable/RJTTF001_mini.zip')],
      quiet: true,
    });
    const e = Engine.open(bytes.buffer);
    const linked = stationOfStop(e);
    expect(linked.get('9100SHEFFLD')).toBe('SHF');
    expect(linked.get('9100ABRDEEN')).toBe('ABD');
    const abd = e.findStop('9100ABRDEEN');
    expect(e.stop(abd).name).toBe('Aberdeen Rail Station'); // the NaPTAN record, not a second stop
    expect(e.timetable.stopPatternOffsets[abd + 1] - e.timetable.stopPatternOffsets[abd]).toBeGreaterThan(0);
  });
});
