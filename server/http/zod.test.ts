import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectionOf } from './zod';

const item = z.object({ id: z.string(), size: z.number().int().nullable(), tags: z.array(z.string()).optional() });
const page = z.object({
  data: z.array(item),
  meta: z.record(z.string(), item),
  note: z.string().default('none'),
  either: z.union([z.string(), z.object({ kept: z.boolean() })]),
  anything: z.unknown(),
});

describe('projectionOf', () => {
  it('keeps only the fields of the schema, at every depth', () => {
    const project = projectionOf(page);
    const value = {
      data: [{ id: 'a', size: null, secret: 1 }, { id: 'b', size: 2, tags: ['x'], internal: { deep: true } }],
      meta: { one: { id: 'c', size: 3, extra: 'drop' } },
      either: { kept: true, extra: 'dropped by parsing' },
      anything: { whatever: [1, 2] },
      hidden: 'never written',
    };
    expect(project(value)).toEqual({
      data: [{ id: 'a', size: null }, { id: 'b', size: 2, tags: ['x'] }],
      meta: { one: { id: 'c', size: 3 } },
      note: 'none',
      either: { kept: true },
      anything: { whatever: [1, 2] },
    });
  });

  it('parses the parts that are not plain data, so their errors still show', () => {
    const project = projectionOf(page);
    expect(() => project({ data: 'not a list', meta: {}, either: 'x', anything: null })).toThrow();
    expect(() => project({ data: [], meta: {}, either: 42, anything: null })).toThrow();
  });
});
