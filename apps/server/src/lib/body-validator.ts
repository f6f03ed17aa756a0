import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const isJsonObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * fastify-type-provider-zod's validator, with one rule first: a declared body must be a JSON object.
 * Refinements that compare fields (password and confirmation) read properties of the body, so
 * `null`, `[]` or `123` once reached them and answered 500. Checked here, once,
 * every route answers 400 with a problem body instead.
 */
export const validateWithObjectBodies: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  // A body the route declares optional (e.g. a reveal's two-step `code`, decision 023) may be left out.
  const mayBeAbsent = (route.schema as z.ZodType).def.type === 'optional';
  return (data) => {
    if (isJsonObject(data)) return validate(data);
    // Fastify hands an absent body over as null.
    if (mayBeAbsent && (data === undefined || data === null)) return validate(undefined);
    const error = Object.assign(new Error('The request body must be a JSON object'), { statusCode: 400 });
    return { error };
  };
};
