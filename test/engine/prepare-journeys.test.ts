// FEATURE UNDER TEST: Engine.prepareJourneys builds the walking and cycling contraction hierarchies (the direct routes' search) before the first plan (a server calls it before it listens), and street paths build their steps only when read.
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { Engine } from '@transit/engine';
import { ContractionHierarchy } from '../../packages/engine/src/streets/hierarchy.js';
import * as streetSteps from '../../packages/engine/src/streets/street-steps.js';
import { readSnapshot } from '../support/snapshots.js';

const SHEFFIELD = { lat: 53.3811, lon: -1.4701 };
const ROTHERHAM = { lat: 53.4302, lon: -1.3568 };
const plan = (e: Engine, steps: boolean) =>
  e.planJourney({ from: SHEFFIELD, to: ROTHERHAM, time: Date.UTC(2026, 2, 3, 8), arriveBy: false, modeMask: 31, limit: 3, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps, alternatives: ['walk', 'bicycle'] });

describe('Engine.prepareJourneys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds the contraction hierarchies up front: the first plan builds none, and answers as an unprepared engine does', () => {
    const fresh = Engine.open(readSnapshot(inject('demoSnapshot')));
    const build = vi.spyOn(ContractionHierarchy, 'build');
    fresh.prepareJourneys();
    expect(build).toHaveBeenCalledTimes(2); // walking and cycling
    build.mockClear();
    const prepared = plan(fresh, false);
    expect(build).not.toHaveBeenCalled();
    const unprepared = plan(Engine.open(readSnapshot(inject('demoSnapshot'))), false);
    expect(build).toHaveBeenCalledTimes(2); // built by its first direct routes
    expect(prepared).toEqual(unprepared);
  });
});

describe('street path steps', () => {
  it('are built only when read, and then the same as always', () => {
    const g = Engine.open(readSnapshot(inject('demoSnapshot'))).streets!;
    const spy = vi.spyOn(streetSteps, 'buildSteps');
    const path = g.route(SHEFFIELD, ROTHERHAM, 'walk')!;
    expect(spy).not.toHaveBeenCalled();
    const steps = path.steps;
    expect(steps.length).toBeGreaterThan(1);
    expect(steps[0].relativeDirection).toBe('depart');
    expect(path.steps).toBe(steps); // built once
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
