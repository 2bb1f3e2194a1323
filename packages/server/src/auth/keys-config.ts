import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ApiKeys, generateApiKey, hashApiKey, type ApiKeyRecord } from './api-keys.js';

/** One entry of a keys file (JSON array): the key itself or its SHA-256 in hex, plus metadata. */
export const KeyFileEntry = Type.Object(
  {
    key: Type.Optional(Type.String({ minLength: 1 })),
    key_sha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
    name: Type.Optional(Type.String()),
    tier: Type.Optional(Type.String({ minLength: 1 })),
    enabled: Type.Optional(Type.Boolean()),
    allow: Type.Optional(Type.Array(Type.String({ pattern: '^/' }), { description: 'endpoint paths the key may use; `*` at the end matches any rest' })),
  },
  { additionalProperties: false },
);
export type KeyFileEntry = Static<typeof KeyFileEntry>;

/** The keys configuration cannot be read or is malformed; the message says where. */
export class KeysConfigError extends Error {
  override readonly name = 'KeysConfigError';
}

const DEFAULT_TIER = 'free';

/** Parses `API_KEYS`: `key:tier,key:tier` (tier optional, default `free`; blanks ignored). */
export function parseApiKeysEnv(text: string): KeyFileEntry[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item, i) => {
      const [key, tier, ...rest] = item.split(':').map((s) => s.trim());
      if (!key || rest.length > 0 || tier === '') throw new KeysConfigError(`API_KEYS entry ${i + 1}: expected key or key:tier, got '${item.replace(/^(.{4}).*$/, '$1...')}'.`);
      return { key, tier: tier ?? DEFAULT_TIER, name: `API_KEYS#${i + 1}` };
    });
}

/** Whether a keys file is YAML (by its extension); otherwise JSON. */
export function isYamlFile(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** Reads and validates a keys file (a JSON or YAML list of KeyFileEntry). Throws KeysConfigError. */
export function readKeysFile(file: string): KeyFileEntry[] {
  let data: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    data = isYamlFile(file) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new KeysConfigError(`keys file ${file}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(data)) throw new KeysConfigError(`keys file ${file}: expected a JSON array of { key | key_sha256, name, tier, enabled }.`);
  return data.map((entry, i) => {
    const error = Value.Errors(KeyFileEntry, entry).First();
    if (error) throw new KeysConfigError(`keys file ${file}, entry ${i + 1}${error.path}: ${error.message}.`);
    const e = entry as KeyFileEntry;
    if ((e.key === undefined) === (e.key_sha256 === undefined)) throw new KeysConfigError(`keys file ${file}, entry ${i + 1}: give exactly one of key and key_sha256.`);
    return { ...e, name: e.name ?? `${file}#${i + 1}` };
  });
}

/** Builds the records (hashing plain keys at once) for ApiKeys. */
export function toKeyRecords(entries: readonly KeyFileEntry[]): ApiKeyRecord[] {
  return entries.map((e, i) => ({
    name: e.name ?? `key#${i + 1}`,
    tier: e.tier ?? DEFAULT_TIER,
    enabled: e.enabled ?? true,
    hash: e.key !== undefined ? hashApiKey(e.key) : Buffer.from(e.key_sha256!, 'hex'),
    ...(e.allow ? { allow: e.allow } : {}),
  }));
}

/** Loaded keys, the generated key when none were configured, and where they came from. */
export interface LoadedKeys {
  keys: ApiKeys;
  /** Set only when no key was configured: the one random key the server accepts. */
  generatedKey: string | null;
  /** Human description of the sources, e.g. `API_KEYS (2), keys.json (5)`. */
  source: string;
}

/**
 * Loads keys from `API_KEYS` and/or a keys file (`keysFile`, else `API_KEYS_FILE`). With none
 * configured, generates one random key so the server is never open by accident.
 */
export function loadApiKeys(options: { env?: Record<string, string | undefined>; keysFile?: string } = {}): LoadedKeys {
  const env = options.env ?? process.env;
  const fromEnv = env.API_KEYS ? parseApiKeysEnv(env.API_KEYS) : [];
  const file = options.keysFile ?? (env.API_KEYS_FILE || undefined);
  const fromFile = file ? readKeysFile(file) : [];
  if (fromEnv.length + fromFile.length === 0) {
    const key = generateApiKey();
    // The operator's own key for trying the server: the standard tier (600 requests a minute).
    return { keys: new ApiKeys(toKeyRecords([{ key, name: 'generated', tier: 'standard' }])), generatedKey: key, source: 'generated' };
  }
  const source = [fromEnv.length ? `API_KEYS (${fromEnv.length})` : '', file ? `${file} (${fromFile.length})` : ''].filter(Boolean).join(', ');
  return { keys: new ApiKeys(toKeyRecords([...fromEnv, ...fromFile])), generatedKey: null, source };
}

/**
 * Reads the keys again for a reload (SIGHUP): `API_KEYS` and the keys file, as at start. Throws
 * KeysConfigError when the file cannot be read or is malformed, or when no key at all is left
 * (a reload never swaps in a generated key); the caller keeps the previous keys then.
 */
export function reloadApiKeys(options: { env?: Record<string, string | undefined>; keysFile: string }): LoadedKeys {
  const loaded = loadApiKeys(options);
  if (loaded.generatedKey !== null) throw new KeysConfigError(`keys file ${options.keysFile}: no keys in it (nor in API_KEYS).`);
  return loaded;
}
