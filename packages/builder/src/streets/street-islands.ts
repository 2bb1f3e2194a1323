import type { StreetSegments } from './split-segments.js';

/** Components of a mode smaller than this (nodes) are islands, unless one is the mode's largest. */
export const MIN_COMPONENT_NODES = 40;
const MODE_BITS = [1, 2, 4];
const BACKWARD_SHIFT = 3;

/**
 * Node -> modes that may snap to it: for each mode (FOOT 1, BICYCLE 2, CAR 4), the node touches a
 * segment that mode may travel (either way) and lies in a component of such segments with at
 * least MIN_COMPONENT_NODES nodes, or in the mode's largest one. Components are weakly connected
 * (oneway ignored). Islands keep their edges; they are only never snapped to, so a point beside
 * a disconnected car park or a footpath mapped without its junction snaps to the main network.
 */
export function snappableModes(s: StreetSegments, nodeCount: number): Uint8Array {
  const modes = new Uint8Array(nodeCount);
  const parent = new Int32Array(nodeCount);
  const size = new Uint32Array(nodeCount);
  const find = (x: number) => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const bit of MODE_BITS) {
    for (let i = 0; i < nodeCount; i++) parent[i] = i;
    size.fill(0);
    const touches = new Uint8Array(nodeCount);
    for (let k = 0; k < s.a.length; k++) {
      if (!(s.access[k] & (bit | (bit << BACKWARD_SHIFT)))) continue;
      touches[s.a[k]] = touches[s.b[k]] = 1;
      const ra = find(s.a[k]);
      const rb = find(s.b[k]);
      if (ra !== rb) parent[ra] = rb;
    }
    let largest = -1;
    for (let i = 0; i < nodeCount; i++) {
      if (!touches[i]) continue;
      const r = find(i);
      size[r]++;
      if (largest < 0 || size[r] > size[largest]) largest = r;
    }
    for (let i = 0; i < nodeCount; i++) {
      if (!touches[i]) continue;
      const r = find(i);
      if (r === largest || size[r] >= MIN_COMPONENT_NODES) modes[i] |= bit;
    }
  }
  return modes;
}
