import type { StreetStep } from './street-api.js';
import { absoluteDirection, bearingDegrees, relativeDirection } from './directions.js';

/** Segment name for a straight piece off the graph (point to street, node to stop): it joins the step it touches. */
export const OFF_GRAPH = 0xffffffff;
/** Segments shorter than this (metres) carry no usable bearing. */
const MIN_BEARING_M = 0.01;
/** Bearings into and out of a turn are taken over about this many metres, so tiny segments at junctions do not decide the turn. */
const BEARING_SPAN_M = 20;
/** A step shorter than this between two steps of one street (a crossing, a kink mapped as another way) merges into them. */
const SHORT_STEP_M = 25;

/**
 * Turn-by-turn steps along a path of `count` points (interleaved lat, lon) whose segment i (point
 * i to i + 1) lies on the street named `names[i]` (string index, 0 unnamed, OFF_GRAPH off the
 * graph) and is `lengths[i]` metres long. A new step starts wherever the street name changes;
 * consecutive segments of one street (unnamed ones included) merge, off-graph pieces join the
 * step beside them, and a short step between two steps of the same street merges into them.
 * The first step departs from the first point. Distances in metres (0.1 m).
 */
export function buildSteps(points: Float64Array, names: Uint32Array, lengths: Float64Array, count: number, nameOf: (idx: number) => string): StreetStep[] {
  const at = new Float64Array(count); // metres from the start to each point
  for (let i = 1; i < count; i++) at[i] = at[i - 1] + lengths[i - 1];
  const bearing = (from: number, to: number) => bearingDegrees(points[2 * from], points[2 * from + 1], points[2 * to], points[2 * to + 1]);
  const back = (i: number) => {
    let j = i - 1;
    while (j > 0 && at[i] - at[j] < BEARING_SPAN_M) j--;
    return j;
  };
  const ahead = (i: number) => {
    let j = i + 1;
    while (j < count - 1 && at[j] - at[i] < BEARING_SPAN_M) j++;
    return j;
  };
  const steps: { step: StreetStep; name: number }[] = [];
  let current: { step: StreetStep; name: number } | null = null;
  for (let i = 0; i + 1 < count; i++) {
    const name = names[i];
    if (lengths[i] < MIN_BEARING_M) continue;
    if (current === null) {
      current = { step: step('depart', bearing(i, ahead(i)), name === OFF_GRAPH ? '' : nameOf(name), points[0], points[1]), name };
      steps.push(current);
    } else if (name !== OFF_GRAPH && current.name === OFF_GRAPH) {
      current.step.streetName = nameOf(name); // the first street after an off-graph start names the depart step
      current.step.absoluteDirection = absoluteDirection(bearing(i, ahead(i)));
      current.name = name;
    } else if (name !== OFF_GRAPH && name !== current.name) {
      const out = bearing(i, ahead(i));
      current = { step: step(relativeDirection(bearing(back(i), i), out), out, nameOf(name), points[2 * i], points[2 * i + 1]), name };
      steps.push(current);
    }
    current.step.distance += lengths[i];
  }
  return mergeShortSteps(steps).map((s) => ((s.step.distance = Math.round(s.step.distance * 10) / 10), s.step));
}

/** Folds each short step whose neighbours are one street (A, short X, A) into the first A. */
function mergeShortSteps(steps: { step: StreetStep; name: number }[]): { step: StreetStep; name: number }[] {
  const out: { step: StreetStep; name: number }[] = [];
  for (let i = 0; i < steps.length; i++) {
    const prev = out[out.length - 1];
    const next = steps[i + 1];
    if (prev && next && steps[i].step.distance < SHORT_STEP_M && prev.name === next.name) {
      prev.step.distance += steps[i].step.distance + next.step.distance;
      i++;
      continue;
    }
    out.push(steps[i]);
  }
  return out;
}

function step(relativeDirection: string, bearing: number, streetName: string, lat: number, lon: number): StreetStep {
  return { relativeDirection, absoluteDirection: absoluteDirection(bearing), streetName, distance: 0, lat, lon };
}
