import { z } from 'zod';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as z.toJSONSchema emits it. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

const COMPONENTS = '#/components/schemas/';
const SHARED = '__shared';

/**
 * Turns the zod schemas the routes declare into OpenAPI components with one z.toJSONSchema run,
 * so that a schema used in several places (a record in its list page and in its lookup) becomes
 * one component referenced from each. A schema is named by its own `.meta({ id })` when it has
 * one, otherwise by the name its first user proposes (`GetV1PayoutsByIdResponse`).
 *
 * Everything is converted as input (`io: 'input'`): requests are what the client sends, and the
 * answers are what the presenters return, which is `z.input` of the response schema.
 */
export class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<z.ZodType, string>();
  private converted: Record<string, JsonSchema> | undefined;

  /** Adds a schema (once per schema object) and answers the component name it is filed under. */
  add(schema: z.ZodType, proposed: string): string {
    const known = this.names.get(schema);
    if (known) return known;
    if (this.converted) throw new Error('SchemaSet: add after convert');
    const own: unknown = z.globalRegistry.get(schema)?.id;
    const name = typeof own === 'string' ? own : proposed;
    if (this.registry._idmap.has(name)) throw new Error(`OpenAPI: two schemas named ${name}`);
    this.registry.add(schema, { id: name });
    this.names.set(schema, name);
    return name;
  }

  /** `{$ref}` to the schema's component. */
  ref(schema: z.ZodType): JsonSchema {
    const name = this.names.get(schema);
    if (!name) throw new Error('SchemaSet: schema was not added');
    return { $ref: COMPONENTS + name };
  }

  /** The component a `{$ref}` names, or the schema itself when it is no reference. */
  resolve(json: JsonSchema): JsonSchema {
    const ref = json.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENTS)) return json;
    const target = this.components()[ref.slice(COMPONENTS.length)];
    if (!target) throw new Error(`OpenAPI: dangling reference ${ref}`);
    return this.resolve(target);
  }

  /** Every component, converted on first use. */
  components(): Record<string, JsonSchema> {
    this.converted ??= convert(this.registry);
    return this.converted;
  }
}

function convert(registry: z.core.$ZodRegistry<{ id: string }>): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    // Transforms, custom checks and the like have no JSON Schema: they document as "any value"
    // rather than failing the whole document. Refinements simply do not appear.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => describeWireForm(zodSchema, jsonSchema),
    uri: (id) => COMPONENTS + id,
  });
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === SHARED) continue;
    out[name] = component(schema);
  }
  // Schemas zod extracted on its own (a nested schema with an id of its own, a cycle) live under
  // __shared/$defs: make each one a component of its own.
  const shared = (schemas[SHARED]?.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [name, schema] of Object.entries(shared)) {
    if (out[name]) throw new Error(`OpenAPI: two schemas named ${name}`);
    out[name] = component(schema);
  }
  return JSON.parse(JSON.stringify(out).replaceAll(`"${COMPONENTS}${SHARED}#/$defs/`, `"${COMPONENTS}`)) as Record<string, JsonSchema>;
}

/** A component needs no `$schema` (OpenAPI 3.1 sets the dialect) nor zod's fragment-only `$id`. */
function component(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, id: _metaId, ...rest } = schema;
  return rest;
}

/**
 * Where zod's input form says less than the wire does:
 * - `z.string().pipe(z.enum(...))` (a string, then one of the values) documents its values;
 * - a default over a transform (page_number) keeps its default: it is what an absent value means;
 * - a schema whose metadata declares its JSON `type` (a number sent as text) is documented as that
 *   type alone, without the union zod derives from the parser;
 * - an integer's safe-integer bounds are dropped.
 */
function describeWireForm(schema: z.core.$ZodType, json: JsonSchema): void {
  if (schema instanceof z.core.$ZodPipe) {
    const { in: input, out } = schema._zod.def;
    if (!(input instanceof z.core.$ZodTransform) && out instanceof z.core.$ZodEnum && json.enum === undefined) {
      json.enum = [...out._zod.values].filter((v) => typeof v === 'string' || typeof v === 'number');
    }
  }
  if (schema instanceof z.core.$ZodDefault && json.default === undefined) {
    const value: unknown = schema._zod.def.defaultValue;
    if (['string', 'number', 'boolean'].includes(typeof value)) json.default = value as string | number | boolean;
  }
  // z.number().int() bounds itself to safe integers: a limit of JavaScript, not a rule of the API.
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  // An object's required members are the ones that refuse to be absent: zod's input form counts a
  // preprocessed member (an amount the parser may keep as text) as optional, although it is not.
  if (schema instanceof z.core.$ZodObject && json.properties) {
    const shape = schema._zod.def.shape as Record<string, z.core.$ZodType>;
    const required = Object.keys(json.properties).filter((k) => shape[k] && !z.safeParse(shape[k]!, undefined).success);
    if (required.length > 0) json.required = required;
    else delete json.required;
  }
  const declared: unknown = z.globalRegistry.get(schema)?.type;
  if (declared !== undefined) {
    delete json.anyOf;
    json.type = declared as JsonSchema['type'];
  }
}
