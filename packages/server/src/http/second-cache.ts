/**
 * Responses reused within one wall-clock second. A 200 body depends on the query, the snapshot,
 * the live overlays and the clock; within the second its `request_time` names, the first two are
 * fixed by identity and the clock by the second, so the same request gets the same bytes. Only
 * the current second's entries are kept (memory is bounded by one second of distinct requests,
 * and by `maxEntries`); a snapshot swap or a new live state starts afresh.
 */
export class SecondCache<V extends { length: number } = string> {
  private second = '';
  private owner: unknown = null;
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries = 10_000,
    /** Values larger than this (characters or bytes) are not kept. */
    private readonly maxBodyChars = 512 * 1024,
  ) {}

  /**
   * The body stored for `key` in this `second` (the request_time text) for this `owner`
   * (an object that changes whenever the snapshot or live state does), or undefined.
   */
  get(key: string, second: string, owner: unknown): V | undefined {
    if (second !== this.second || owner !== this.owner) {
      this.second = second;
      this.owner = owner;
      this.entries.clear();
      return undefined;
    }
    return this.entries.get(key);
  }

  /** Keeps `body` for `key` for the rest of the second last passed to `get`. */
  set(key: string, body: V): void {
    if (body.length > this.maxBodyChars) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, body);
  }
}

/** The query string without the `api_key` parameter (keys do not change a response). */
export function withoutApiKey(query: string): string {
  return query.includes('api_key=') ? query.replace(/(^|&)api_key=[^&]*/g, '').replace(/^&/, '') : query;
}
