import { describe, expect, it } from 'vitest';
import { formatTable } from './table';

describe('formatTable', () => {
  it('pads text left-aligned and numbers right-aligned under a rule', () => {
    const table = formatTable(['name', 'p95 ms'], [['feedback pull', 4.5], ['post', 12.25]]);
    expect(table.split('\n')).toEqual(['name           p95 ms', '-------------  ------', 'feedback pull     4.5', 'post            12.25']);
  });
});
