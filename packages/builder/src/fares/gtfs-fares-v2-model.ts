/** Feed-scoped ids (`feed:id` keys) numbered densely across feeds; `names[i]` is the feed's id. */
export class FeedIds {
  readonly names: string[] = [];
  private readonly byKey = new Map<string, number>();

  /** The index of the id, added when new. */
  add(feed: string, id: string): number {
    const key = `${feed}:${id}`;
    let idx = this.byKey.get(key);
    if (idx === undefined) {
      idx = this.names.length;
      this.names.push(id);
      this.byKey.set(key, idx);
    }
    return idx;
  }

  /** The index of the id, or undefined when the feed never declared it. */
  get(feed: string, id: string): number | undefined {
    return this.byKey.get(`${feed}:${id}`);
  }
}

/** One fare product as kept: the cheapest adult row over its fare media. */
export interface V2Product {
  id: string;
  /** Pence; negative for a transfer discount. */
  pence: number;
  source: string;
}

/** One fare_leg_rules.txt row as kept; -1 = empty (see docs/fares.md for what empty matches). */
export interface V2LegRule {
  scope: number;
  network: number;
  fromArea: number;
  toArea: number;
  product: number;
  group: number;
  priority: number;
}

/** One fare_transfer_rules.txt row as kept; -1 = empty / no limit / free. */
export interface V2TransferRule {
  scope: number;
  fromGroup: number;
  toGroup: number;
  /** transfer_count: -1 no limit, n >= 1, 0 when not given (groups differ). */
  count: number;
  durationSeconds: number;
  /** duration_limit_type 0..3 (0 when no limit). */
  durationType: number;
  /** fare_transfer_type 0 (A + AB), 1 (A + AB + B), 2 (AB). */
  type: number;
  product: number;
  source: string;
}

/** GTFS fares v2 of every feed (a scope per feed with fare_leg_rules.txt), before compiling. */
export class GtfsFaresV2Model {
  /** Scope -> its fare_leg_rules.txt has a rule_priority column (empty then means "any"). Length = scope count. */
  scopePriority: boolean[] = [];
  /** Route index -> scope of its feed. */
  routeScope = new Map<number, number>();
  networks = new FeedIds();
  /** Route index -> network. */
  routeNetwork = new Map<number, number>();
  areas = new FeedIds();
  /** Stop ATCO code / stop_id -> its areas. */
  stopAreas = new Map<string, number[]>();
  /** Product index (productIds) -> the product; written together, so never sparse. */
  products: V2Product[] = [];
  productIds = new FeedIds();
  legGroups = new FeedIds();
  legRules: V2LegRule[] = [];
  transferRules: V2TransferRule[] = [];
}
