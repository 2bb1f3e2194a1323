/**
 * Tags of one way at a time, over the string table of its PBF block. Strings are decoded on first
 * use and cached for the block, so keys and values that no highway way reads are never decoded.
 */
export class BlockTags {
  private readonly decoder = new TextDecoder();
  private table: Uint8Array[] = [];
  private decoded: (string | undefined)[] = [];
  private keys: number[] = [];
  private vals: number[] = [];

  /** Starts a new block. */
  reset(table: Uint8Array[]): void {
    this.table = table;
    this.decoded = new Array(table.length);
  }

  /** Points `get` at one way's tags (string-table indices). */
  setWay(keys: number[], vals: number[]): void {
    this.keys = keys;
    this.vals = vals;
  }

  /** The current way's value for `key`, or undefined. An arrow, so it can be passed as a lookup. */
  readonly get = (key: string): string | undefined => {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (this.string(keys[i]) === key) return this.string(this.vals[i]);
    return undefined;
  };

  private string(idx: number): string {
    let s = this.decoded[idx];
    if (s === undefined) {
      const bytes = this.table[idx];
      s = bytes ? this.decoder.decode(bytes) : '';
      this.decoded[idx] = s;
    }
    return s;
  }
}
