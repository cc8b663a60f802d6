import Ajv from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false } as const;
/** Query strings and paths arrive as text, so their numbers and booleans are coerced. */
const textParts = new Ajv({ ...options, coerceTypes: 'array' });
/** JSON bodies are validated exactly as typed: a number is not a string. */
const jsonBodies = new Ajv({ ...options, coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? jsonBodies : textParts).compile(schema);
