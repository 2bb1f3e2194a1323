import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** One configured API key. Only the SHA-256 of the key is held in memory. */
export interface ApiKeyRecord {
  readonly name: string;
  /** Rate-limit tier (used by a later rate limiter); default `free`. */
  readonly tier: string;
  readonly enabled: boolean;
  /** SHA-256 of the key, 32 bytes. */
  readonly hash: Buffer;
  /** Endpoint paths this key may use (`*` at the end matches any rest), e.g. `/v1/bus/*`; absent = all. */
  readonly allow?: readonly string[];
}

/** A short public id of a key (first 12 hex digits of its SHA-256), safe to log and to count by. */
export function keyId(record: ApiKeyRecord): string {
  return record.hash.toString('hex', 0, 6);
}

/** Whether `record` may use the endpoint at `path` (its template, e.g. `/v1/bus/stops.json`). */
export function keyAllows(record: ApiKeyRecord, path: string): boolean {
  if (!record.allow) return true;
  return record.allow.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** Outcome of checking a presented key. */
export type KeyCheck =
  | { ok: true; key: ApiKeyRecord }
  | { ok: false; code: 'missing_api_key' | 'invalid_api_key'; message: string };

/** SHA-256 of a key (the form keys are stored and compared in). */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** A fresh random key: 24 bytes from crypto.randomBytes, base64url (32 characters). */
export function generateApiKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The set of API keys the server accepts. Keys are compared as SHA-256 hashes with
 * `crypto.timingSafeEqual`, against every record without an early exit, so the time taken
 * does not depend on which key (if any) matched. Key lists are small, so the scan is cheap.
 */
export class ApiKeys {
  readonly records: readonly ApiKeyRecord[];
  /**
   * Keys already accepted, by the presented text, so a valid key is hashed once rather than per
   * request. Only exact valid keys are cached (nothing is learnt about others); bounded.
   */
  private readonly accepted = new Map<string, KeyCheck>();

  constructor(records: readonly ApiKeyRecord[]) {
    for (const r of records) if (r.hash.length !== 32) throw new Error(`API key ${r.name}: hash must be 32 bytes of SHA-256`);
    this.records = records;
  }

  /** Number of configured keys (enabled or not). */
  get count(): number {
    return this.records.length;
  }

  /** Checks a presented key: empty or absent → `missing_api_key`; unknown or disabled → `invalid_api_key`. */
  check(presented: string | null | undefined): KeyCheck {
    if (!presented) {
      return { ok: false, code: 'missing_api_key', message: 'An API key is required: send it in the X-Api-Key header or the api_key query parameter.' };
    }
    const cached = this.accepted.get(presented);
    if (cached) return cached;
    const hash = hashApiKey(presented);
    let found: ApiKeyRecord | null = null;
    for (const r of this.records) if (timingSafeEqual(r.hash, hash)) found = r;
    if (!found) return { ok: false, code: 'invalid_api_key', message: 'The API key is not recognised.' };
    if (!found.enabled) return { ok: false, code: 'invalid_api_key', message: 'The API key is disabled.' };
    const ok: KeyCheck = { ok: true, key: found };
    if (this.accepted.size >= 10_000) this.accepted.clear();
    this.accepted.set(presented, ok);
    return ok;
  }
}
