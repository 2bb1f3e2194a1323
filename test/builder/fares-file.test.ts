// FEATURE UNDER TEST: reading fare files: the bundled default, replacing and merging files, and clear errors naming the field.
import { describe, it, expect } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildSnapshot, BuildError } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';
import { fareFile } from '../support/fares.js';
import { runTransit } from '../support/cli-process.js';


const FEED = feedFolder(`
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,Market,53.38,-1.47
  370000002,Church,53.39,-1.47
  # routes.txt
  route_id,route_short_name,route_type
  R1,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260130
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,t1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  t1,1,370000001,08:00:00,08:00:00
  t1,2,370000002,08:10:00,08:10:00
`);

const GOOD = {
  format: 'uk-transit-fares/1',
  areas: [{ id: 'sy', atco_prefixes: ['370'] }],
  fares: [{ id: 'flat', area: 'sy', modes: ['bus'], single_gbp: 1.5, effective_from: '2026-01-01', source: 'test' }],
};
const withRule = (patch: Record<string, unknown>) => ({ ...GOOD, fares: [{ ...GOOD.fares[0], ...patch }] });
const build = (fares?: string[]) => buildSnapshot({ gtfs: [FEED], fares, quiet: true });
const ruleIds = (bytes: Uint8Array) => {
  const e = Engine.open(bytes.buffer);
  const r = e.reader;
  return Array.from(r.u32('fares.ruleId'), (s) => e.strings.get(s));
};

describe('fare files', () => {
  it('builds with the bundled South and West Yorkshire file when none is given', async () => {
    const { bytes } = await build();
    expect(ruleIds(bytes)).toContain('wy-mayors-fares-2022');
    expect(Engine.open(bytes.buffer).info.feeds.find((f) => f.kind === 'fares')).toMatchObject({ name: 'default:yorkshire.json', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('replaces the default with the given files, merged in order; [] builds without fares', async () => {
    const second = { ...GOOD, areas: [{ id: 'wy', atco_prefixes: ['450'] }], fares: [{ ...GOOD.fares[0], id: 'wy-flat', area: 'wy' }] };
    expect(ruleIds((await build([fareFile(GOOD), fareFile(second)])).bytes)).toEqual(['flat', 'wy-flat']);
    expect(ruleIds((await build([])).bytes)).toEqual([]);
  });

  it.each([
    [{ ...GOOD, format: 'v2' }, 'format must be "uk-transit-fares/1", got "v2"'],
    [withRule({ single_gbp: 'two' }), 'fares[0].single_gbp must be an amount in pounds, at least 0, with at most 2 decimals, got "two"'],
    [withRule({ single_gbp: 1.555 }), 'fares[0].single_gbp must be an amount in pounds, at least 0, with at most 2 decimals, got 1.555'],
    [withRule({ singel_gbp: 2 }), 'fares[0].singel_gbp is not a known field'],
    [withRule({ area: 'leeds' }), 'fares[0].area must be the id of one of the areas (sy), got "leeds"'],
    [withRule({ modes: ['bus', 'hovercraft'] }), 'fares[0].modes[1] must be one of bus, coach, tram, rail, ferry, other, got "hovercraft"'],
    [withRule({ effective_from: '2026-02-30' }), 'fares[0].effective_from must be a date YYYY-MM-DD, got "2026-02-30"'],
    [withRule({ effective_to: '2025-12-31' }), 'fares[0].effective_to is before effective_from, got "2025-12-31"'],
    [withRule({ source: '' }), 'fares[0].source must be a non-empty string, got ""'],
    [withRule({ bands: [{ single_gbp: 2 }] }), 'fares[0] needs exactly one of single_gbp and bands'],
    [withRule({ single_gbp: undefined, bands: [{ single_gbp: 2 }, { up_to_km: 3, single_gbp: 3 }] }), 'fares[0].bands[0].up_to_km may be left out only on the last band'],
    [{ ...GOOD, areas: [{ id: 'sy' }] }, 'areas[0] needs atco_prefixes, bbox or polygon'],
    [{ ...GOOD, areas: [{ id: 'sy', bbox: [1, 2, 3] }] }, 'areas[0].bbox must be [min_lon, min_lat, max_lon, max_lat], got [1,2,3]'],
    [{ ...GOOD, fares: [GOOD.fares[0], GOOD.fares[0]] }, 'fares[1].id is used twice, got "flat"'],
  ])('rejects %j with a message naming the field', async (doc, message) => {
    const file = fareFile(doc);
    const err = await build([file]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    expect((err as Error).message).toContain(`Fare file ${file}: ${message}`);
  });

  it('rejects a missing file, bad JSON and an id clash between files', async () => {
    await expect(build(['/nonexistent/fares.json'])).rejects.toThrow('Cannot read fare file /nonexistent/fares.json: no such file.');
    const junk = fareFile('{ "format": ', 'junk.json');
    await expect(build([junk])).rejects.toThrow(new RegExp(`^Fare file ${junk} is not valid JSON: `));
    const [a, b] = [fareFile(GOOD), fareFile(GOOD)];
    await expect(build([a, b])).rejects.toThrow(`Fare file ${b}: area id "sy" is already used by an earlier fare file.`);
  });

  it('fails `transit build --fares BAD` with exit 1, one clear line and no snapshot', async () => {
    const bad = fareFile(withRule({ day_cap_gbp: -1 }));
    const out = path.join(path.dirname(bad), 'x.snap');
    const r = await runTransit(['build', '--gtfs', FEED, '--fares', bad, '--out', out, '--quiet']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`transit build: Fare file ${bad}: fares[0].day_cap_gbp must be an amount in pounds, at least 0, with at most 2 decimals, got -1.\n`);
    expect(existsSync(out)).toBe(false);
    const ok = await runTransit(['build', '--gtfs', FEED, '--fares', fareFile(GOOD), '--out', out, '--quiet']);
    expect(ok.status, ok.stderr).toBe(0);
  });
});
