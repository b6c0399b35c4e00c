import type { z } from 'zod';
import { zodValidatorCompiler } from './zod';

/** Validates a value as a route schema would, with the same `{"message", "errors"}` on failure. */
export function parseWith<T extends z.core.$ZodType>(schema: T, data: unknown, part: 'body' | 'querystring'): z.output<T> {
  const result = zodValidatorCompiler({ schema, httpPart: part, method: 'POST', url: '' })(data) as {
    value?: z.output<T>;
    error?: Error;
  };
  if (result.error) throw result.error;
  return result.value as z.output<T>;
}
