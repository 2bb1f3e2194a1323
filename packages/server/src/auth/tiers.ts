/** A rate-limit tier: requests allowed per key per minute (0 = unlimited). */
export interface Tier {
  readonly name: string;
  readonly perMinute: number;
}

/**
 * Built-in tiers: free 60/min, standard 600/min, premium 6,000/min, and unlimited (for the
 * operator's own services and load tests). `RATE_LIMIT_TIERS` replaces or adds tiers.
 */
export const DEFAULT_TIERS: readonly Tier[] = [
  { name: 'free', perMinute: 60 },
  { name: 'standard', perMinute: 600 },
  { name: 'premium', perMinute: 6_000 },
  { name: 'unlimited', perMinute: 0 },
];

/** A tier definition that cannot be used; the message says which. */
export class TierConfigError extends Error {
  override readonly name = 'TierConfigError';
}

/** An enabled API key names a tier the server does not define; the message names the key and the tiers. */
export class UnknownTierError extends Error {
  override readonly name = 'UnknownTierError';
}

/** The tiers a server knows, by name. */
export class TierTable {
  private readonly byName: Map<string, Tier>;

  constructor(tiers: readonly Tier[] = DEFAULT_TIERS) {
    this.byName = new Map(tiers.map((t) => [t.name, t]));
  }

  /** The tier called `name`, or undefined. */
  get(name: string): Tier | undefined {
    return this.byName.get(name);
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /**
   * The one unknown-tier check, run wherever keys are loaded (start, reload, Router): throws
   * UnknownTierError naming the first enabled key whose tier is not in this table. Revoked keys
   * may name any tier (they are refused anyway).
   */
  checkKeys(keys: readonly { name: string; tier: string; enabled: boolean }[]): void {
    const k = keys.find((key) => key.enabled && !this.byName.has(key.tier));
    if (k) throw new UnknownTierError(`API key ${k.name}: unknown tier '${k.tier}' (tiers: ${this.names.join(', ')}; RATE_LIMIT_TIERS adds more).`);
  }

  /**
   * The built-in tiers with `RATE_LIMIT_TIERS` applied: `name:perMinute,name:perMinute`
   * (0 = unlimited), replacing a built-in tier of the same name or adding a new one.
   */
  static fromEnv(text: string | undefined): TierTable {
    const tiers = new Map(DEFAULT_TIERS.map((t) => [t.name, t]));
    for (const item of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      const m = /^([A-Za-z0-9_-]{1,40}):(\d{1,9})$/.exec(item);
      if (!m) throw new TierConfigError(`RATE_LIMIT_TIERS entry '${item.slice(0, 60)}': expected name:requestsPerMinute, e.g. free:60 (0 = unlimited)`);
      tiers.set(m[1], { name: m[1], perMinute: Number(m[2]) });
    }
    return new TierTable([...tiers.values()]);
  }
}
