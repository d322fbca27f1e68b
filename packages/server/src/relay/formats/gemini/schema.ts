/**
 * JSON Schema (as OpenAI clients send it) → the OpenAPI subset Gemini accepts in function
 * `parameters` and `responseSchema`. Gemini rejects unknown keywords such as $schema or
 * additionalProperties, so only the keywords it knows are kept; local $refs are inlined.
 */
import { isJsonObject } from '../json-object.js';

type Schema = Record<string, unknown>;

const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'default',
  'minimum',
  'maximum',
  'propertyOrdering',
]);
const STRING_FORMATS = new Set(['enum', 'date-time']);
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);
const MAX_REF_DEPTH = 8;

function resolveRef(ref: string, root: Schema): Schema | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1]];
  const found = isJsonObject(defs) ? defs[decodeURIComponent(match[2])] : undefined;
  return isJsonObject(found) ? found : undefined;
}

function clean(schema: Schema, root: Schema, depth: number): Schema {
  if (typeof schema.$ref === 'string') {
    const target = depth < MAX_REF_DEPTH ? resolveRef(schema.$ref, root) : undefined;
    return target ? clean({ ...target, ...schema, $ref: undefined }, root, depth + 1) : { type: 'object' };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) if (KEPT.has(key) && value !== undefined) out[key] = value;

  if (Array.isArray(schema.type)) {
    const types = (schema.type as string[]).filter((t) => t !== 'null');
    if (types.length < schema.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
  }
  if (schema.const !== undefined && out.enum === undefined) out.enum = [schema.const];
  if (Array.isArray(out.enum)) {
    // Gemini enums are strings only.
    if (out.enum.every((v) => typeof v === 'string')) out.type ??= 'string';
    else delete out.enum;
  }
  if (typeof out.format === 'string') {
    const allowed = out.type === 'string' ? STRING_FORMATS : out.type === 'number' || out.type === 'integer' ? NUMBER_FORMATS : undefined;
    if (!allowed?.has(out.format)) delete out.format;
  }
  if (isJsonObject(schema.properties)) {
    const properties: Schema = {};
    for (const [name, sub] of Object.entries(schema.properties)) properties[name] = isJsonObject(sub) ? clean(sub, root, depth) : {};
    out.properties = properties;
    if (Array.isArray(schema.required)) out.required = schema.required.filter((r) => typeof r === 'string' && r in properties);
  }
  const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
  if (isJsonObject(items)) out.items = clean(items, root, depth);
  const variants = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(variants)) {
    const cleaned = variants.filter(isJsonObject).filter((v) => v.type !== 'null').map((v) => clean(v, root, depth));
    if (cleaned.length < variants.length) out.nullable = true;
    if (cleaned.length === 1) Object.assign(out, cleaned[0]);
    else if (cleaned.length) out.anyOf = cleaned;
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf.filter(isJsonObject)) Object.assign(out, clean(part, root, depth));
  return out;
}

export function cleanSchemaForGemini(schema: Record<string, unknown>): Record<string, unknown> {
  return clean(schema, schema, 0);
}

/** Gemini-native schemas may spell types in upper case (OBJECT, STRING); OpenAI wants JSON Schema names. */
export function geminiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchemaToJsonSchema);
  if (!isJsonObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isJsonObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, geminiSchemaToJsonSchema(v)]));
    } else if (key === 'items' || key === 'anyOf') out[key] = geminiSchemaToJsonSchema(value);
    else out[key] = value;
  }
  return out;
}
