import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '../../src/api/types';
import { badRequest } from './errors';

/** Route schemas are zod schemas: requests are parsed by them and handlers get their output types. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function fieldErrorsOf(error: z.ZodError, part: string): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : part,
    message: issue.message,
  }));
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart ?? ''] ?? 'request';
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const fieldErrors = fieldErrorsOf(result.error, part);
    const first = fieldErrors[0];
    let message = `Invalid ${part}.`;
    if (first && first.field !== part) message = `Invalid ${first.field}: ${first.message}`;
    else if (part === 'body') message = 'The request body must be a JSON object.';
    return { error: badRequest(message, fieldErrors) };
  };
};

/** Responses are parsed by their schema before they are written, so no field beyond the schema leaks out. */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));
