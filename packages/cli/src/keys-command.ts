import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify as toYaml } from 'yaml';
import { generateApiKey, hashApiKey, isYamlFile, keyId, readKeysFile, TierTable, toKeyRecords, type KeyFileEntry } from '@transit/server';
import { UsageError, type CliIo } from './cli-io.js';

/** Help of `transit keys`. */
export const KEYS_USAGE = `Usage: transit keys <create|list|revoke|enable> [options]

Manages the API keys file that \`transit serve --keys FILE\` reads (JSON, or YAML by a .yaml/.yml
extension). Only each key's SHA-256 is written; a created key is printed once and never stored.

  transit keys create --name NAME [--tier free|standard|premium|unlimited|...] [--allow /v1/bus/*,...]
  transit keys list
  transit keys revoke NAME_OR_ID
  transit keys enable NAME_OR_ID

Options:
  --file FILE   the keys file (env API_KEYS_FILE; default keys.json); created when absent
  -h, --help    this help
`;

/** `transit keys`: create, list, revoke or re-enable keys in a keys file (written atomically). */
export async function keysCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { file: { type: 'string' }, name: { type: 'string' }, tier: { type: 'string' }, allow: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(KEYS_USAGE);
    return 0;
  }
  const [action, target, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  const file = values.file ?? (io.env.API_KEYS_FILE || 'keys.json');
  const entries = existsSync(file) ? readKeysFile(file) : [];
  switch (action) {
    case 'create': {
      if (!values.name) throw new UsageError('keys create needs --name NAME');
      if (entries.some((e) => e.name === values.name)) throw new UsageError(`a key named '${values.name}' already exists in ${file}`);
      const tier = values.tier ?? 'free';
      const tiers = (() => {
        try {
          return TierTable.fromEnv(io.env.RATE_LIMIT_TIERS);
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
      })();
      if (!tiers.get(tier)) throw new UsageError(`unknown tier '${tier}' (tiers: ${tiers.names.join(', ')})`);
      const allow = values.allow?.split(',').map((s) => s.trim()).filter(Boolean);
      if (allow?.some((p) => !p.startsWith('/'))) throw new UsageError('--allow takes endpoint paths starting with /, e.g. /v1/bus/*');
      const key = generateApiKey();
      const entry: KeyFileEntry = { key_sha256: hashApiKey(key).toString('hex'), name: values.name, tier, enabled: true, ...(allow?.length ? { allow } : {}) };
      write(file, [...entries, entry]);
      io.out(`Created key '${values.name}' (tier ${tier}, id ${keyId(toKeyRecords([entry])[0])}) in ${file}:\n${key}\nIt is shown only now; the file keeps its SHA-256. Send SIGHUP to a running server to use it.\n`);
      return 0;
    }
    case 'list': {
      if (target) throw new UsageError(`unexpected argument '${target}'`);
      const records = toKeyRecords(entries);
      io.out(entries.length ? '' : `No keys in ${file}.\n`);
      for (const r of records) io.out(`${keyId(r)}  ${r.enabled ? 'enabled ' : 'REVOKED '} ${r.tier.padEnd(10)} ${r.name}${r.allow ? `  allow ${r.allow.join(',')}` : ''}\n`);
      return 0;
    }
    case 'revoke':
    case 'enable': {
      if (!target) throw new UsageError(`keys ${action} needs the key's name or id`);
      const records = toKeyRecords(entries);
      const at = records.findIndex((r) => r.name === target || keyId(r) === target);
      if (at < 0) throw new UsageError(`no key named or with id '${target}' in ${file}`);
      entries[at] = { ...entries[at], enabled: action === 'enable' };
      write(file, entries);
      io.out(`${action === 'revoke' ? 'Revoked' : 'Enabled'} key '${records[at].name}' (id ${keyId(records[at])}) in ${file}. Send SIGHUP to a running server to apply it.\n`);
      return 0;
    }
    case undefined:
      throw new UsageError('keys needs an action: create, list, revoke or enable');
    default:
      throw new UsageError(`unknown keys action '${action}'`);
  }
}

/** Writes the entries (keys as hashes only) to a temporary file, then renames it over `file`. */
function write(file: string, entries: KeyFileEntry[]): void {
  const hashed = entries.map(({ key, ...rest }) => (key !== undefined ? { key_sha256: hashApiKey(key).toString('hex'), ...rest } : rest));
  const text = isYamlFile(file) ? toYaml(hashed) : JSON.stringify(hashed, null, 2) + '\n';
  writeFileSync(file + '.tmp', text, { mode: 0o600 });
  renameSync(file + '.tmp', file);
}
