import Ajv, { type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';

/** Strict, all errors: the schemas are checked as JSON Schema, independently of Fastify's serialiser. */
const ajv = new Ajv({ allErrors: true, strict: true });
const validators = new WeakMap<TSchema, ValidateFunction>();

/** What is wrong with `value` as an instance of `schema` (empty when nothing is). */
export function contractProblems(schema: TSchema, value: unknown): string[] {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}

/** Throws with every problem found when `value` does not match `schema`. */
export function expectContract(schema: TSchema, value: unknown): void {
  const problems = contractProblems(schema, value);
  if (problems.length > 0) throw new Error(`Not what the schema says:\n${problems.slice(0, 20).join('\n')}`);
}
