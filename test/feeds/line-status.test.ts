// FEATURE UNDER TEST: the capital authority's line status parser on real samples and broken documents.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { FeedParseError, lineStatusSeverity, parseLineStatus } from '@transit/feeds';
import { HAVE_DATA, data } from '../support/data.js';

describe.skipIf(!HAVE_DATA)('line status: real samples', () => {
  it('rail modes: 19 lines with their modes, worst status and raw codes', () => {
    const out = parseLineStatus(readFileSync(data('tfl/line_status_rail_modes_combined_from_bundle.json')));
    expect(out.source).toBe('line_status');
    expect(out.records).toHaveLength(19);
    const count = (pred: (r: (typeof out.records)[number]) => boolean) => out.records.filter(pred).length;
    expect(count((r) => r.mode === 'tube')).toBe(11);
    expect(count((r) => r.mode === 'overground')).toBe(6);
    expect(count((r) => r.mode === 'dlr')).toBe(1);
    expect(count((r) => r.mode === 'elizabeth-line')).toBe(1);
    expect(count((r) => r.severity === 'good')).toBe(14);
    const circle = out.records.find((r) => r.id === 'line_status:circle')!;
    expect(circle).toMatchObject({
      mode: 'tube', severity: 'severe', planned: true, reason: 'PlannedWork', summary: 'Circle: Part Closure',
      lines: [{ name: 'Circle', ref: 'circle' }],
      validity: [{ start: Date.parse('2019-10-19T04:30:00Z'), end: Date.parse('2019-10-21T01:29:00Z') }],
      statuses: [{ severity: 'severe', code: 5, description: 'Part Closure' }],
      createdAt: Date.parse('2019-09-05T15:40:00Z'),
    });
    expect(circle.description).toMatch(/^CIRCLE LINE: Saturday 19/);
    // "Service Closed" with "will resume": an overnight closure, not a failure.
    const wc = out.records.find((r) => r.id === 'line_status:waterloo-city')!;
    expect(wc).toMatchObject({ severity: 'information', planned: false, statuses: [{ code: 20, description: 'Service Closed' }] });
    const bakerloo = out.records.find((r) => r.id === 'line_status:bakerloo')!;
    expect(bakerloo).toMatchObject({ severity: 'good', validity: [], summary: 'Bakerloo: Good Service' });
  });

  it('buses: 125 lines, 11 special services with disruption text', () => {
    const out = parseLineStatus(readFileSync(data('tfl/line_mode_bus_status_2022-12.json')));
    expect(out.records).toHaveLength(125);
    expect(out.records.every((r) => r.mode === 'bus')).toBe(true);
    expect(out.records.filter((r) => r.severity === 'good')).toHaveLength(114);
    const special = out.records.filter((r) => r.statuses[0].code === 0);
    expect(special).toHaveLength(11);
    expect(special.every((r) => r.severity === 'minor')).toBe(true);
    const r108 = out.records.find((r) => r.id === 'line_status:108')!;
    expect(r108).toMatchObject({ summary: '108: Special Service', reason: 'Information', planned: false, createdAt: Date.parse('2022-11-16T13:24:00Z') });
    expect(r108.description).toMatch(/^New Bus Routes via the Silvertown Tunnel/);
    expect(r108.advice[0]).toMatch(/let us have your views/);
  });

  it('alexa bundle: a line with several statuses keeps the worst for ordering and lists all', () => {
    const bundle = JSON.parse(readFileSync(data('tfl/alexa_london_travel_bundles/tfl-line-severities.json'), 'utf8'));
    const items: any[] = bundle.items ?? bundle.Items ?? bundle;
    const circleItem = items.find((i) => JSON.stringify(i.contentJson ?? i.ContentJson ?? '').includes('"circle"'));
    const content = circleItem.contentJson ?? circleItem.ContentJson;
    const out = parseLineStatus(JSON.stringify(content));
    const circle = out.records.find((r) => r.id === 'line_status:circle')!;
    expect(circle.statuses.map((s) => s.description)).toEqual(['Part Closure', 'Minor Delays']);
    expect(circle.severity).toBe('severe');
  });
});

describe('line status: documents that are not usable', () => {
  it.each([
    ['empty', ''],
    ['truncated', '[{"id":"victoria","modeName":"tube","lineStatuses":[{"statusSeverity":6'],
    ['garbage', '<html>oops</html>'],
    ['wrong shape', '{"message":"Invalid app_key"}'],
  ])('%s -> FeedParseError', (_, doc) => {
    expect(() => parseLineStatus(doc)).toThrow(FeedParseError);
  });

  it('an empty list gives no records; unknown modes and junk entries are skipped', () => {
    expect(parseLineStatus('[]').records).toEqual([]);
    const out = parseLineStatus(JSON.stringify([{ id: 'cable', modeName: 'cable-car', lineStatuses: [{ statusSeverity: 10 }] }, 42, { id: 'tram', name: 'Tram', modeName: 'tram', lineStatuses: [{ statusSeverity: 9, statusSeverityDescription: 'Minor Delays' }], simulated: true }]));
    expect(out.seen).toBe(3);
    expect(out.skipped).toBe(2);
    expect(out.records[0]).toMatchObject({ id: 'line_status:tram', mode: 'tram', severity: 'minor', simulated: true });
  });

  it('maps every documented code', () => {
    const table = Array.from({ length: 22 }, (_, code) => lineStatusSeverity(code, null));
    expect(table).toEqual(['minor', 'severe', 'severe', 'severe', 'severe', 'severe', 'severe', 'minor', 'minor', 'minor', 'good', 'severe', 'information', 'information', 'minor', 'minor', 'severe', 'minor', 'good', 'information', 'severe', 'unknown']);
    expect(lineStatusSeverity(20, 'Train service will resume later this morning.')).toBe('information');
  });
});
