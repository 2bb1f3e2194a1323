import { NODES, type NodeDef } from './places.js';
import { angleBetween, bearingDegrees, compassPoint, offsetMetres, type LatLon } from './geo.js';
import { bentRoad, positionsAlong, type RoadPosition } from './road-geometry.js';
import { StopNamer, pairIndicators, shortCommonName } from './names.js';
import { StopCodes } from './stop-codes.js';
import { placeName, type LocalityIndex } from './localities.js';
import type { Random } from './random.js';
import type { DemoStop } from './model.js';

/** A stop a line calls at; `node` is set where the stop stands for a route node (a timing point). */
export interface CallingPoint {
  stop: DemoStop;
  node: string | null;
}

/** A road between two route nodes as drawn (the demo street map follows it): the half near `from` is named `nearFrom`, the rest `nearTo`. */
export interface RoadLine {
  from: NodeDef;
  to: NodeDef;
  points: LatLon[];
  nearFrom: string;
  nearTo: string;
}

/** Metres from a kerbside stop to the road's centre line: a pair stands about 25 m apart. */
const KERB_OFFSET_M = 12;
/** Stop spacing in metres on built-up roads and on open road between towns. */
const URBAN_SPACING_M = 460;
const RURAL_SPACING_M = 2200;
/** Roads count as built-up this close to a locality centre. */
const URBAN_RADIUS_M = 600;

/**
 * The bus network's stops, created the first time a line needs them: interchange stands (one per
 * line), a same-named pair at each street node, and pairs along each road between nodes (one stop
 * per direction, on the left-hand kerb): every ~450 m in built-up areas, ~2 km on open road. Layout draws on `world` only, so
 * every seed shares it; `jitter` nudges positions by a few metres.
 */
export class StreetNetwork {
  readonly stops: DemoStop[] = [];
  /** Roads built so far, in build order (for the demo street map). */
  readonly roadLines: RoadLine[] = [];
  private readonly nodes = new Map(NODES.map((n, i) => [n.id, { def: n, order: i }]));
  private readonly roads = new Map<string, { forward: DemoStop[]; backward: DemoStop[] }>();
  private readonly stands = new Map<string, DemoStop>();
  private readonly standCount = new Map<string, number>();
  private readonly pairs = new Map<string, { stops: [DemoStop, DemoStop]; bearing: number }>();
  private readonly codes: StopCodes;
  private readonly namer: StopNamer;

  constructor(private readonly world: Random, private readonly jitter: Random, private readonly localities: LocalityIndex) {
    this.codes = new StopCodes(world);
    this.namer = new StopNamer(world);
    for (const n of NODES) this.namer.reserve(localities.nearest(n).code, n.stopName);
  }

  /** The node's definition; throws on an id missing from NODES (a bug in the line table). */
  node(id: string): NodeDef {
    const n = this.nodes.get(id);
    if (!n) throw new Error(`demo: unknown route node ${id}`);
    return n.def;
  }

  /** Calling points along a path of node ids; an express line calls only at the nodes. */
  callingPoints(path: readonly string[], lineKey: string, express: boolean): CallingPoint[] {
    const out: CallingPoint[] = [];
    path.forEach((id, i) => {
      if (i > 0 && !express) for (const stop of this.roadStops(path[i - 1], id)) out.push({ stop, node: null });
      out.push({ stop: this.nodeStop(id, lineKey, this.travelBearing(path, i)), node: id });
    });
    return out;
  }

  /** Direction of travel through the i-th node of a path, in degrees. */
  private travelBearing(path: readonly string[], i: number): number {
    const from = this.node(path[Math.max(0, i - 1)]);
    const to = this.node(path[Math.min(path.length - 1, i + 1)]);
    return bearingDegrees(from, to);
  }

  private nodeStop(id: string, lineKey: string, bearing: number): DemoStop {
    const node = this.node(id);
    if (node.kind === 'interchange') return this.stand(node, lineKey);
    let pair = this.pairs.get(id);
    if (!pair) {
      const [a, b] = pairIndicators(this.world);
      const street = /(Street|Road|Lane|Place|gate)$/.test(node.stopName) ? node.stopName : '';
      const stops = this.kerbPair(node, bearing, node.stopName, street, a, b);
      for (const s of stops) s.timingPoint = true;
      this.pairs.set(id, (pair = { stops, bearing }));
    }
    return angleBetween(bearing, pair.bearing) <= 90 ? pair.stops[0] : pair.stops[1];
  }

  /** The line's own stand at an interchange: Stand A1 ... A6, B1 ..., a few metres apart. */
  private stand(node: NodeDef, lineKey: string): DemoStop {
    const key = `${node.id}|${lineKey}`;
    let stand = this.stands.get(key);
    if (!stand) {
      const k = this.standCount.get(node.id) ?? 0;
      this.standCount.set(node.id, k + 1);
      const at = offsetMetres(node, 90 + 90 * Math.floor(k / 6), 18 * (k % 6));
      stand = this.addStop(at, { name: node.stopName, street: node.stopName, indicator: `Stand ${'ABCD'[Math.floor(k / 6)]}${(k % 6) + 1}`, bearing: '', stopType: 'BCS', timingPoint: true });
      this.stands.set(key, stand);
    }
    return stand;
  }

  /** Stops along the road from node a to node b, in travel order. */
  private roadStops(a: string, b: string): DemoStop[] {
    const forward = this.nodes.get(a)!.order < this.nodes.get(b)!.order;
    const key = forward ? `${a}|${b}` : `${b}|${a}`;
    let road = this.roads.get(key);
    if (!road) this.roads.set(key, (road = forward ? this.buildRoad(this.node(a), this.node(b)) : this.buildRoad(this.node(b), this.node(a))));
    return forward ? road.forward : road.backward;
  }

  private buildRoad(a: NodeDef, b: NodeDef): { forward: DemoStop[]; backward: DemoStop[] } {
    const spacing = (p: LatLon) => (this.localities.isUrban(p, URBAN_RADIUS_M) ? URBAN_SPACING_M : RURAL_SPACING_M) * this.world.range(0.85, 1.15);
    const line = bentRoad(a, b, this.world.range(-0.12, 0.12));
    const positions = positionsAlong(line, 320, 260, spacing);
    const [la, lb] = [this.localities.nearest(a), this.localities.nearest(b)];
    const central = la.code === lb.code ? this.namer.centralStreet() : '';
    this.roadLines.push({ from: a, to: b, points: line, nearFrom: central || `${placeName(lb)} Road`, nearTo: central || `${placeName(la)} Road` });
    const forward: DemoStop[] = [];
    const backward: DemoStop[] = [];
    positions.forEach((pos, i) => {
      const street = central || `${placeName(i < positions.length / 2 ? lb : la)} Road`;
      const name = this.namer.next(this.localities.nearest(pos).code);
      const [fwd, back] = this.kerbPair(pos, pos.bearing, name, street, ...pairIndicators(this.world));
      forward.push(fwd);
      backward.unshift(back);
    });
    return { forward, backward };
  }

  /** Two stops facing each other across the road: the first serves travel along `bearing`. */
  private kerbPair(at: LatLon | RoadPosition, bearing: number, name: string, street: string, indicatorA: string, indicatorB: string): [DemoStop, DemoStop] {
    const side = (sign: number, indicator: string, travel: number) =>
      this.addStop(offsetMetres(at, bearing - 90 * sign, KERB_OFFSET_M), { name, street, indicator, bearing: compassPoint(travel), stopType: 'BCT', timingPoint: false });
    return [side(1, indicatorA, bearing), side(-1, indicatorB, bearing + 180)];
  }

  /** Route nodes with stops or roads, in NODES order (where the demo street map draws town grids). */
  servedNodes(): NodeDef[] {
    const ids = new Set([...this.pairs.keys(), ...[...this.stands.keys()].map((k) => k.split('|')[0]), ...this.roadLines.flatMap((r) => [r.from.id, r.to.id])]);
    return NODES.filter((n) => ids.has(n.id));
  }

  /** A stop near a node that no line serves: NaPTAN lists it as inactive. */
  addClosedStop(nodeId: string, bearing: number, name: string, indicator: string, stopType: 'BCT' | 'BCS'): DemoStop {
    const at = offsetMetres(this.node(nodeId), bearing, 140);
    const stop = this.addStop(at, { name, street: stopType === 'BCS' ? name : '', indicator, bearing: stopType === 'BCT' ? compassPoint(bearing) : '', stopType, timingPoint: false });
    stop.active = false;
    return stop;
  }

  private addStop(at: LatLon, s: Pick<DemoStop, 'name' | 'street' | 'indicator' | 'bearing' | 'stopType' | 'timingPoint'>): DemoStop {
    const p = offsetMetres(at, this.jitter.range(0, 360), this.jitter.range(0, 3));
    const locality = this.localities.nearest(p);
    const stop: DemoStop = { ...s, ...this.codes.next(locality), shortName: shortCommonName(s.name), locality, lat: p.lat, lon: p.lon, active: true, crs: '', platform: '' };
    this.stops.push(stop);
    return stop;
  }
}
