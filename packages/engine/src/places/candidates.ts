/**
 * The matches of one query as columns: place id, score, and the two sort keys the selection
 * fills in. Reused across queries; grows by doubling, never shrinks.
 */
export class Candidates {
  /** Slot -> place id. */
  ids = new Uint32Array(1024);
  /** Slot -> score (see packScore), or a provisional Match value while a scan runs. */
  scores = new Uint16Array(1024);
  /** Slot -> selection keys, lower first (see PlaceIndex.select). */
  primary = new Float64Array(1024);
  secondary = new Float64Array(1024);
  count = 0;

  /** Appends a candidate and returns its slot. */
  push(id: number, score: number): number {
    if (this.count === this.ids.length) this.grow();
    this.ids[this.count] = id;
    this.scores[this.count] = score;
    return this.count++;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Uint32Array(size);
    ids.set(this.ids);
    const scores = new Uint16Array(size);
    scores.set(this.scores);
    this.ids = ids;
    this.scores = scores;
    this.primary = new Float64Array(size);
    this.secondary = new Float64Array(size);
  }
}
