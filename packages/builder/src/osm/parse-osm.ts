import { growF64, growU32, growU8 } from '../write/growable.js';
import type { Progress } from '../progress.js';
import type { ByteSource } from './byte-source.js';
import { dataBlobs, decode, pbfError, readBlob, type BlobRef } from './pbf-blobs.js';
import { pbfTypes, toNumber, type PrimitiveBlock } from './pbf-schema.js';
import { PackedDeltas } from './packed-varints.js';
import { wayAccess } from './highway-access.js';
import { BlockTags } from './block-tags.js';
import type { OsmStreets } from './osm-streets.js';

/** A latitude/longitude box, WGS84 degrees. */
export interface LatLonBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/**
 * Reads the highway network of OSM PBF extracts in two streaming passes:
 * 1. ways: keep routable highway ways (access, speed, name) and the ids of their nodes, and
 *    note which blobs hold nodes;
 * 2. nodes: read only those blobs again and keep the coordinates of the nodes ways use.
 * With `within`, a first pass lists the nodes inside that box and pass 1 keeps only the ways
 * with a node among them (whole: a way leaving the box keeps its outside nodes), so a national
 * extract read for a city's coverage costs the city's memory.
 * Memory is one blob plus typed columns of the kept ways and nodes. Several extracts merge by
 * OSM node id (a node in two overlapping extracts is one node). Throws BuildError when an input
 * is not a readable PBF file.
 */
export async function parseOsm(sources: ByteSource[], progress?: Progress, within?: LatLonBox): Promise<OsmStreets> {
  const inside = within ? await nodesInside(sources, within, progress) : null;
  const ways = newWays();
  for (const source of sources) {
    progress?.start(`${source.name}: ways`);
    ways.nodeBlobs.push(await readWays(source, ways, inside, progress));
  }
  const ids = uniqueSorted(ways.nodeIds.view());
  const wayNodes = new Uint32Array(ways.nodeIds.length);
  const refs = ways.nodeIds.view();
  for (let i = 0; i < refs.length; i++) wayNodes[i] = lowerBound(ids, refs[i], 0);
  const lat = new Float64Array(ids.length).fill(NaN);
  const lon = new Float64Array(ids.length).fill(NaN);
  for (let i = 0; i < sources.length; i++) {
    progress?.start(`${sources[i].name}: nodes`);
    await readNodes(sources[i], ways.nodeBlobs[i], ids, lat, lon, progress);
  }
  return {
    lat,
    lon,
    wayNodeOffsets: ways.offsets.view().slice(),
    wayNodes,
    wayAccess: ways.access.view().slice(),
    wayCarSpeed: ways.speed.view().slice(),
    wayName: ways.name.view().slice(),
    names: ways.names,
  };
}

function block(source: ByteSource, bytes: Uint8Array, ref: BlobRef): PrimitiveBlock {
  return decode<PrimitiveBlock>(source, () => pbfTypes().PrimitiveBlock.decode(bytes), `data block at byte ${ref.offset}`);
}

type Ways = ReturnType<typeof newWays>;

function newWays() {
  const offsets = growU32();
  offsets.push(0);
  const nameIdx = new Map<string, number>([['', 0]]);
  return { offsets, nodeIds: growF64(), access: growU8(), speed: growU8(), name: growU32(), names: [''], nameIdx, nodeBlobs: [] as BlobRef[][] };
}

/** The sorted ids of the nodes inside `box`, over every source. */
async function nodesInside(sources: ByteSource[], box: LatLonBox, progress?: Progress): Promise<Float64Array> {
  const ids = growF64();
  const nodes = new NodeColumns();
  for (const source of sources) {
    progress?.start(`${source.name}: nodes inside the coverage`);
    for await (const { ref, block: bytes } of dataBlobs(source)) {
      nodes.each(source, block(source, bytes, ref), ref, (id, lat, lon) => {
        if (lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon) ids.push(id);
      });
      progress?.tick(ids.length);
    }
    progress?.done(ids.length);
  }
  return uniqueSorted(ids.view());
}

/** Whether a sorted id list holds any of the first `count` values. */
function holdsAny(sorted: Float64Array, values: Float64Array, count: number): boolean {
  for (let i = 0; i < count; i++) {
    const at = lowerBound(sorted, values[i], 0);
    if (at < sorted.length && sorted[at] === values[i]) return true;
  }
  return false;
}

/**
 * Pass 1 over one source: appends its routable ways to `out` (only those with a node in
 * `inside`, when given); returns the blobs that hold nodes.
 */
async function readWays(source: ByteSource, out: Ways, inside: Float64Array | null, progress?: Progress): Promise<BlobRef[]> {
  const { offsets, nameIdx } = out;
  const nodeBlobs: BlobRef[] = [];
  const refs = new PackedDeltas();
  const tags = new BlockTags();
  let count = 0;
  for await (const { ref, block: bytes } of dataBlobs(source)) {
    const b = block(source, bytes, ref);
    tags.reset(b.stringtable.s);
    let hasNodes = false;
    for (const g of b.primitivegroup) {
      if (g.dense || g.nodes.length) hasNodes = true;
      for (const w of g.ways) {
        tags.setWay(w.keys, w.vals);
        const a = wayAccess(tags.get);
        if (!a) continue;
        try {
          refs.decode(w.refs);
        } catch (err) {
          throw pbfError(source, `way node list in the block at byte ${ref.offset}: ${(err as Error).message}`);
        }
        if (refs.count < 2 || (inside && !holdsAny(inside, refs.values, refs.count))) continue;
        for (let i = 0; i < refs.count; i++) out.nodeIds.push(refs.values[i]);
        offsets.push(out.nodeIds.length);
        out.access.push(a.access);
        out.speed.push(a.carSpeedKmh);
        let n = nameIdx.get(a.name);
        if (n === undefined) nameIdx.set(a.name, (n = out.names.push(a.name) - 1));
        out.name.push(n);
        count++;
      }
    }
    if (hasNodes) nodeBlobs.push(ref);
    progress?.tick(count);
  }
  progress?.done(count);
  return nodeBlobs;
}

/** Pass 2 over one source: fills the coordinates of wanted nodes (`ids` sorted) found in `blobs`. */
async function readNodes(source: ByteSource, blobs: BlobRef[], ids: Float64Array, lat: Float64Array, lon: Float64Array, progress?: Progress): Promise<void> {
  const nodes = new NodeColumns();
  let cursor = 0; // nodes usually come sorted by id: try the next wanted id before a binary search
  let found = 0;
  const take = (nodeId: number, latDeg: number, lonDeg: number) => {
    if (cursor >= ids.length || ids[cursor] !== nodeId) cursor = lowerBound(ids, nodeId, cursor < ids.length && ids[cursor] < nodeId ? cursor : 0);
    if (cursor < ids.length && ids[cursor] === nodeId) {
      lat[cursor] = latDeg;
      lon[cursor++] = lonDeg;
      found++;
    }
  };
  for (const ref of blobs) {
    nodes.each(source, block(source, await readBlob(source, ref), ref), ref, take);
    progress?.tick(found);
  }
  progress?.done(found);
}

/** Decoding scratch for the nodes of a block, plain and dense, reused block after block. */
class NodeColumns {
  private readonly id = new PackedDeltas();
  private readonly lat = new PackedDeltas();
  private readonly lon = new PackedDeltas();

  /** Calls `visit` with the id and position of every node of block `b`. */
  each(source: ByteSource, b: PrimitiveBlock, ref: BlobRef, visit: (id: number, lat: number, lon: number) => void): void {
    const scale = 1e-9 * b.granularity;
    const latOff = toNumber(b.lat_offset) * 1e-9;
    const lonOff = toNumber(b.lon_offset) * 1e-9;
    for (const g of b.primitivegroup) {
      for (const n of g.nodes) visit(toNumber(n.id), latOff + scale * toNumber(n.lat), lonOff + scale * toNumber(n.lon));
      if (!g.dense) continue;
      let count = 0;
      try {
        count = this.id.decode(g.dense.id);
        if (this.lat.decode(g.dense.lat) !== count || this.lon.decode(g.dense.lon) !== count) throw new Error('unequal id/lat/lon columns');
      } catch (err) {
        throw pbfError(source, `dense nodes in the block at byte ${ref.offset}: ${(err as Error).message}`);
      }
      for (let i = 0; i < count; i++) visit(this.id.values[i], latOff + scale * this.lat.values[i], lonOff + scale * this.lon.values[i]);
    }
  }
}

/** Sorted distinct values. */
function uniqueSorted(values: Float64Array): Float64Array {
  const sorted = values.slice().sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i];
  return sorted.slice(0, n);
}

/** First index in sorted `a` at or after `from` whose value is >= x. */
function lowerBound(a: Float64Array, x: number, from: number): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
