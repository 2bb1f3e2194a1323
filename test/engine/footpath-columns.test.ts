// FEATURE UNDER TEST: footpaths stored as u16 rounded metres plus a two-bit seconds fix: the engine's walking seconds equal walkSeconds of the unrounded walk (not of the rounded metres), snapshots with the older u32 seconds and metres open to the same footpaths, mismatched columns are a SnapshotFormatError, and the builder refuses a footpath longer than u16 metres.
import { describe, expect, it } from 'vitest';
import { DETOUR_FACTOR, distanceMetres, Engine, SnapshotFormatError, walkSeconds, type TypedArray } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';
import { openFeed } from '../support/boards.js';
import { writeTransfers } from '../../packages/builder/src/compile/compile-transfers.js';

// Ten stops on one meridian, unevenly spaced within 400 m, all served by one trip: footpaths of many lengths.
const LATS = [53.42, 53.42037, 53.42081, 53.42113, 53.42152, 53.42199, 53.4223, 53.42271, 53.42302, 53.42349];
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
${LATS.map((lat, i) => `  S${i},Stop ${i},${lat},-1.5`).join('\n')}
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  A,X,A,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  A,WK,a1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
${LATS.map((_, i) => `  a1,${i + 1},S${i},08:${String(i).padStart(2, '0')}:00,08:${String(i).padStart(2, '0')}:00`).join('\n')}
`;

/** The snapshot with its footpaths in the older form (u32 stops, seconds and metres, no secondsFix), every other section as it is. */
function olderForm(e: Engine): Engine {
  const r = e.reader;
  const w = new SnapshotWriter();
  for (const s of r.header.sections) if (!['transfers.packed', 'transfers.metres', 'transfers.secondsFix'].includes(s.name)) w.add(s.name, r.any(s.name) as TypedArray);
  const t = e.planner.transfers;
  w.add('transfers.stops', Uint32Array.from(t.stops)).add('transfers.seconds', Uint32Array.from(t.seconds)).add('transfers.metres', Uint32Array.from(t.metres));
  const { sections: _, ...header } = r.header;
  return Engine.open(w.toBytes(header).buffer as ArrayBuffer);
}

describe('footpath columns', () => {
  it('seconds are those of the unrounded walk, metres rounded, stored as u16', async () => {
    const e = await openFeed(FEED);
    const t = e.planner.transfers;
    const lat = e.stopTable.lat, lon = e.stopTable.lon;
    expect(e.reader.has('transfers.seconds')).toBe(false);
    expect(t.stops.length).toBeGreaterThan(40);
    let roundingChangedSeconds = 0;
    for (let s = 0; s < e.stopTable.count; s++) {
      for (let i = t.offsets[s]; i < t.offsets[s + 1]; i++) {
        const exact = distanceMetres(lat[s], lon[s], lat[t.stops[i]], lon[t.stops[i]]) * DETOUR_FACTOR;
        expect([s, t.stops[i], t.metres[i], t.seconds[i]]).toEqual([s, t.stops[i], Math.round(exact), walkSeconds(exact)]);
        if (t.seconds[i] !== walkSeconds(t.metres[i])) roundingChangedSeconds++;
      }
    }
    expect(roundingChangedSeconds).toBeGreaterThan(0); // the fix carries something: seconds from rounded metres alone would differ here
  });

  it('older u32 seconds and metres open to the same footpaths', async () => {
    const e = await openFeed(FEED);
    const old = olderForm(e);
    expect(old.reader.has('transfers.secondsFix')).toBe(false);
    const [a, b] = [e.planner.transfers, old.planner.transfers];
    expect([...b.offsets, ...b.stops, ...b.seconds, ...b.metres]).toEqual([...a.offsets, ...a.stops, ...a.seconds, ...a.metres]);
  });

  it('a secondsFix that does not match the footpaths is a SnapshotFormatError', async () => {
    const e = await openFeed(FEED);
    const r = e.reader;
    const w = new SnapshotWriter();
    for (const s of r.header.sections) w.add(s.name, s.name === 'transfers.secondsFix' ? new Uint8Array(1) : (r.any(s.name) as TypedArray));
    const { sections: _, ...header } = r.header;
    const broken = Engine.open(w.toBytes(header).buffer as ArrayBuffer);
    expect(() => broken.planner).toThrow(SnapshotFormatError);
    expect(() => broken.planner).toThrow(/transfers.secondsFix \(1 bytes\) do not match transfers.stops/);
  });

  it('the builder refuses a footpath longer than u16 metres', () => {
    const w = new SnapshotWriter();
    const lat = [53.42, 53.421], lon = [-1.5, -1.5];
    expect(() => writeTransfers(w, lat, lon, Uint8Array.of(1, 1), () => 70_000)).toThrow('footpath from stop 0 to stop 1 is 70000 m, longer than the 65535 m a snapshot holds');
    expect(() => writeTransfers(new SnapshotWriter(), lat, lon, Uint8Array.of(1, 1), () => 65_535)).not.toThrow();
  });
});
