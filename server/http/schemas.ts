import { z } from 'zod';

/** A boolean query value: `true`/`false`, `True`/`False` or `1`/`0`. */
export const queryBoolean = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { message: 'Use true or false.' })
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A path segment naming a node: an id, or `current`. */
export const nodeId = z.string().min(1).max(100);

export { email } from '../../src/api/schemas/email';

export { listOf } from '../../src/api/schemas/envelopes';
