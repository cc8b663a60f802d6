import { Kind, type TSchema, Type } from '@sinclair/typebox';

/**
 * An upstream answer written again from what the interface's wire schemas know (core/wire/response-schemas.ts): a
 * record keeps only the fields its schema names, each only when it has the schema's type (a string its pattern, a
 * number its range, a literal its value); a list of records leaves out what is not a record, any other list (a
 * position, an extent, a ring) is kept whole or not at all; a union takes the first form the value fits (a record fits
 * a form when it has the form's required literals, such as a GeoJSON type). Every string kept goes through `text`
 * first, which may rewrite it (the upstream's URLs). Nothing else of the upstream's reaches the answer.
 */
export type TextCheck = (text: string) => string | undefined;

const patterns = new WeakMap<TSchema, RegExp>();
function patternOf(schema: TSchema): RegExp | undefined {
  if (typeof schema.pattern !== 'string') return undefined;
  let pattern = patterns.get(schema);
  if (!pattern) {
    pattern = new RegExp(schema.pattern, 'u');
    patterns.set(schema, pattern);
  }
  return pattern;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function inRange(value: number, schema: TSchema): boolean {
  return (
    Number.isFinite(value) &&
    (typeof schema.minimum !== 'number' || value >= schema.minimum) &&
    (typeof schema.maximum !== 'number' || value <= schema.maximum)
  );
}

/** The value as `schema` knows it, or undefined when nothing of it fits; `form`: as a form of a union. */
export function keepKnown(value: unknown, schema: TSchema, text: TextCheck, form = false): unknown {
  switch (schema[Kind]) {
    case 'String': {
      if (typeof value !== 'string' || !(patternOf(schema)?.test(value) ?? true)) return undefined;
      return text(value);
    }
    case 'Number':
      return typeof value === 'number' && inRange(value, schema) ? value : undefined;
    case 'Integer':
      return Number.isInteger(value) && inRange(value as number, schema) ? value : undefined;
    case 'Boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'Literal':
      return value === schema.const ? value : undefined;
    case 'Union': {
      for (const one of schema.anyOf as TSchema[]) {
        const kept = keepKnown(value, one, text, true);
        if (kept !== undefined) return kept;
      }
      return undefined;
    }
    case 'Tuple': {
      const items = (schema.items ?? []) as TSchema[];
      if (!Array.isArray(value) || value.length !== items.length) return undefined;
      const kept = items.map((item, i) => keepKnown(value[i], item, text));
      return kept.includes(undefined) ? undefined : kept;
    }
    case 'Array':
      return keepList(value, schema, text);
    case 'Object':
      return keepRecord(value, schema, text, form);
    default:
      return undefined;
  }
}

function keepList(value: unknown, schema: TSchema, text: TextCheck): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const item = schema.items as TSchema;
  const records = item[Kind] === 'Object';
  const kept: unknown[] = [];
  for (const entry of value) {
    const one = keepKnown(entry, item, text);
    if (one !== undefined) kept.push(one);
    else if (!records) return undefined;
  }
  if (value.length > 0 && kept.length === 0) return undefined;
  if (typeof schema.minItems === 'number' && kept.length < schema.minItems) return undefined;
  if (typeof schema.maxItems === 'number' && kept.length > schema.maxItems) return undefined;
  return kept;
}

function keepRecord(
  value: unknown,
  schema: TSchema,
  text: TextCheck,
  form: boolean,
): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  // No prototype: a "__proto__" key cannot reach one (none is known anyway).
  const kept = Object.create(null) as Record<string, unknown>;
  for (const [name, field] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const given = Object.hasOwn(value, name) ? value[name] : undefined;
    const one = given === undefined ? undefined : keepKnown(given, field, text);
    // As a form of a union, a required literal (a GeoJSON type) says which form this is: without it, not this one.
    if (form && one === undefined && field[Kind] === 'Literal' && required.has(name)) return undefined;
    if (one !== undefined) kept[name] = one;
  }
  return kept;
}

/** The schema of one item of a list answer (a union of lists: one of their items), or undefined for another answer. */
export function itemSchemaOf(schema: TSchema): TSchema | undefined {
  if (schema[Kind] === 'Array') return schema.items as TSchema;
  if (schema[Kind] !== 'Union') return undefined;
  const items = (schema.anyOf as TSchema[]).map(itemSchemaOf);
  if (items.some((item) => item === undefined)) return undefined;
  return Type.Union(items as TSchema[]);
}
