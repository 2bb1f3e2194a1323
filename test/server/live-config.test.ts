// FEATURE UNDER TEST: live feed configuration from the environment and a JSON file.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadLiveConfig, LiveConfigError } from '@transit/server';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'live-config-'));
function configFile(value: unknown): string {
  const file = path.join(tmp, `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('loadLiveConfig', () => {
  it('is off with nothing configured, and simulated only for the demo', () => {
    const real = loadLiveConfig({ env: {}, demo: false });
    expect(real).toEqual({ siriVm: null, gtfsRt: null, siriSx: null, lineStatus: null, maxVehicleAgeS: 300, simulate: false });
    expect(loadLiveConfig({ env: {}, demo: true }).simulate).toBe(true);
    expect(loadLiveConfig({ env: { LIVE_SIMULATE: 'false' }, demo: true }).simulate).toBe(false);
  });

  it('puts keys and the bounding box into the URL and reads intervals', () => {
    const c = loadLiveConfig({
      env: { SIRI_VM_URL: 'https://bods.example/api/v1/datafeed/', SIRI_VM_API_KEY: 'k1', SIRI_VM_BBOX: '-2.2,53.3,-0.9,54.0', SIRI_VM_INTERVAL_S: '15', LINE_STATUS_URL: 'https://tfl.example/Line/Mode/tube/Status', LINE_STATUS_APP_KEY: 'k2', FEED_TIMEOUT_S: '4' },
      demo: true,
    });
    expect(c.siriVm).toEqual({ url: 'https://bods.example/api/v1/datafeed/?api_key=k1&boundingBox=-2.2%2C53.3%2C-0.9%2C54', intervalMs: 15_000, timeoutMs: 4_000, headers: {} });
    expect(c.lineStatus?.url).toBe('https://tfl.example/Line/Mode/tube/Status?app_key=k2');
    expect(c.lineStatus?.intervalMs).toBe(60_000);
    expect(c.simulate).toBe(false); // a configured feed turns the demo's simulation off
  });

  it('reads a JSON file, the environment winning', () => {
    const file = configFile({ gtfs_rt: { url: 'http://127.0.0.1:9/rt.bin', interval_s: 30, timeout_s: 2 }, siri_sx: { url: 'http://127.0.0.1:9/sx', api_key: 'f' }, max_vehicle_age_s: 120 });
    const c = loadLiveConfig({ env: { SIRI_SX_API_KEY: 'env' }, file, demo: false });
    expect(c.gtfsRt).toEqual({ url: 'http://127.0.0.1:9/rt.bin', intervalMs: 30_000, timeoutMs: 2_000, headers: {} });
    expect(c.siriSx?.url).toBe('http://127.0.0.1:9/sx?api_key=env');
    expect(c.maxVehicleAgeS).toBe(120);
  });

  it.each([
    [{ SIRI_VM_URL: 'ftp://x/y' }, /must be http or https/],
    [{ SIRI_VM_URL: 'not a url' }, /SIRI_VM_URL is not a URL/],
    [{ SIRI_VM_URL: 'http://x/', SIRI_VM_BBOX: '1,2,3' }, /SIRI_VM_BBOX must be minLon,minLat,maxLon,maxLat/],
    [{ SIRI_VM_URL: 'http://x/', SIRI_VM_BBOX: '3,2,1,4' }, /SIRI_VM_BBOX/],
    [{ GTFS_RT_URL: 'http://x/', GTFS_RT_INTERVAL_S: '-5' }, /GTFS_RT_INTERVAL_S must be a number of seconds/],
    [{ LIVE_MAX_AGE_S: 'soon' }, /LIVE_MAX_AGE_S/],
    [{ LIVE_SIMULATE: 'maybe' }, /LIVE_SIMULATE must be true or false/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadLiveConfig({ env, demo: true })).toThrow(LiveConfigError);
    expect(() => loadLiveConfig({ env, demo: true })).toThrow(message);
  });

  it('rejects unreadable and malformed files', () => {
    expect(() => loadLiveConfig({ env: {}, file: path.join(tmp, 'missing.json'), demo: false })).toThrow(/cannot read live config .*ENOENT/);
    expect(() => loadLiveConfig({ env: {}, file: configFile('{nope'), demo: false })).toThrow(/is not valid/);
    expect(() => loadLiveConfig({ env: {}, file: configFile([1]), demo: false })).toThrow(/expected a JSON object/);
    expect(() => loadLiveConfig({ env: {}, file: configFile({ siri_vm: { url: 5 } }), demo: false })).toThrow(/siri_vm.url must be a string/);
  });
});
