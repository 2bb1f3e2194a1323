type Json = Record<string, unknown>;

/**
 * Renders TypeBox (JSON Schema) as OpenAPI 3.0 schema objects. Any sub-schema with a `title`
 * becomes a named component, referenced by `$ref`. 3.0 has no `const` or `type: 'null'`:
 * unions of string literals become `enum`, and `X | null` becomes `X` with `nullable: true`.
 */
export class SchemaComponents {
  /** `components.schemas` of the document, filled as schemas are rendered. */
  readonly schemas: Record<string, Json> = {};
  private readonly sources = new Map<string, unknown>();

  /** The OpenAPI form of a schema; a titled schema is registered and returned as a `$ref`. */
  render(schema: unknown): Json {
    const s = schema as Json;
    const title = s.title;
    if (typeof title !== 'string') return this.convert(s);
    const seen = this.sources.get(title);
    if (seen !== undefined && seen !== schema) throw new Error(`OpenAPI: two different schemas are titled ${title}`);
    if (seen === undefined) {
      this.sources.set(title, schema);
      this.schemas[title] = this.convert(s);
    }
    return { $ref: `#/components/schemas/${title}` };
  }

  private convert(s: Json): Json {
    // A union's own keys (its description) win over those of the variant it renders as.
    const out: Json = Array.isArray(s.anyOf) ? this.union(s.anyOf as Json[]) : {};
    for (const [key, value] of Object.entries(s)) {
      if (key === 'anyOf') continue;
      else if (key === 'const') out.enum = [value];
      else if (key === 'properties') out.properties = mapValues(value as Record<string, Json>, (p) => this.render(p));
      else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') out[key] = this.render(value);
      else out[key] = value;
    }
    return out;
  }

  /**
   * `schema`, with null allowed when `nullable`. A `$ref` takes no sibling keywords in 3.0, so a
   * nullable reference is `allOf: [$ref]` beside `nullable` and the referenced schema's `type`
   * (3.0.3: `nullable` only acts where `type` is given).
   */
  private nullableOf(schema: Json, nullable: boolean): Json {
    if (!nullable) return schema;
    if (typeof schema.$ref !== 'string') return { ...schema, nullable: true };
    const type = this.schemas[schema.$ref.slice('#/components/schemas/'.length)]?.type;
    return { ...(type !== undefined ? { type } : {}), nullable: true, allOf: [schema] };
  }

  private union(variants: Json[]): Json {
    const rest = variants.filter((v) => v.type !== 'null');
    const nullable = rest.length < variants.length ? { nullable: true } : {};
    if (rest.every((v) => 'const' in v)) return { type: 'string', enum: rest.map((v) => v.const), ...nullable };
    if (rest.length === 1) return this.nullableOf(this.render(rest[0]), rest.length < variants.length);
    return { anyOf: rest.map((v) => this.render(v)), ...nullable };
  }
}

function mapValues<T, U>(obj: Record<string, T>, fn: (v: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v)]));
}
