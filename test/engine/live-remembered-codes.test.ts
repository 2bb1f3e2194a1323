// FEATURE UNDER TEST: the matcher remembers journey codes across polls without keeping their SIRI-VM documents alive
// (a parsed record's strings are slices of the whole document text: a remembered slice kept every document that named a
// new journey, 23 MB a poll at national size).
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseSiriVm } from '@transit/feeds';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { RECORDED_SIRI_VM } from '../support/recorded-fleet.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapMiB(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1048576;
}

describe.skipIf(!HAVE_DATA)('journey codes remembered across polls', () => {
  it('keeps no document alive when every poll names a new journey', () => {
    const engine = feedEngine('other_modalities.zip')!.engine;
    // The recorded sample with its activities eight times over (about 5 MB), matched at its own response time, fixes of any age.
    const sample = readFileSync(RECORDED_SIRI_VM, 'utf8');
    const first = sample.indexOf('<VehicleActivity>'), end = sample.lastIndexOf('</VehicleMonitoringDelivery>');
    const text = sample.slice(0, first) + sample.slice(first, end).repeat(8) + sample.slice(end);
    const documentMiB = text.length / 1048576;
    const poll = (k: number) => {
      // One activity's journey names a journey no poll named before.
      const doc = text.replace(/<VehicleJourneyRef>[^<]*</, `<VehicleJourneyRef>NEW-JOURNEY-${String(k).padStart(8, '0')}<`);
      const d = parseSiriVm(doc);
      const overlay = engine.matchVehicles(d.records, d.producedAtMs, { maxVehicleAgeS: 1e9 });
      return overlay.stats.records - overlay.stats.unmatched.stale;
    };
    expect(poll(0)).toBeGreaterThan(5000);
    const before = heapMiB();
    for (let k = 1; k <= 6; k++) poll(k);
    // Six documents kept would be 6 x documentMiB more (the last one may stay referenced by RegExp's last match).
    expect(heapMiB() - before).toBeLessThan(2 * documentMiB);
  });
});
