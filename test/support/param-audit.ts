/** Longest value worth sending: the server refuses URLs over 8192 characters with 414 uri_too_long. */
const URL_LIMIT = 4000;

/** The JSON schema of one OpenAPI query parameter, as the server's /openapi.json writes it. */
export interface ParamSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: string[];
  items?: ParamSchema;
}

/**
 * Values the parameter's schema rejects, derived from the schema alone: a word for a number, a
 * fraction for an integer, each side of a range, a string past its length bounds, an unknown enum
 * member (also in a list), a word for a boolean. A parameter with no constraint gets none.
 */
export function invalidValues(schema: ParamSchema): string[] {
  const out: string[] = [];
  const s = schema.type === 'array' && schema.items ? schema.items : schema;
  if (s.type === 'number' || s.type === 'integer') {
    out.push('abc');
    if (s.type === 'integer') out.push('1.5');
    if (s.minimum !== undefined) out.push(String(s.minimum - 1));
    if (s.maximum !== undefined) out.push(String(s.maximum + 1));
  } else if (s.type === 'boolean') out.push('maybe');
  else if (s.enum) out.push('no_such_value');
  else if (s.type === 'string') {
    // Past URL_LIMIT the server answers 414 before reading parameters (a documented cap, not this parameter's).
    if (s.maxLength !== undefined && s.maxLength < URL_LIMIT) out.push('x'.repeat(s.maxLength + 1));
    if (s.minLength !== undefined && s.minLength > 1) out.push('x'.repeat(s.minLength - 1));
  }
  if (schema.type === 'array' && s.enum) out.push(`${s.enum[0]},no_such_value`);
  return out;
}
