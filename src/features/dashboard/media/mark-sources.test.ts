import { describe, expect, it } from 'vitest';
import { ALL_APPLICATIONS, initialMarkSource, markingApplications, marksOf, NO_APPLICATION } from './mark-sources';

const marks = [{ app_id: 'a1' }, { app_id: null }, { app_id: 'a2' }, { app_id: 'a1' }];

describe('mark sources', () => {
  it('lists each application once, uploads straight to a subject as their own source', () => {
    expect(markingApplications(marks)).toEqual(['a1', NO_APPLICATION, 'a2']);
  });

  it('starts with the application the page was opened under, the only one, or all of them', () => {
    expect(initialMarkSource('a2', ['a1', 'a2'])).toBe('a2');
    expect(initialMarkSource(undefined, ['a1'])).toBe('a1');
    expect(initialMarkSource(undefined, ['a1', 'a2'])).toBe(ALL_APPLICATIONS);
  });

  it('keeps the marks of the chosen source', () => {
    expect(marksOf(marks, 'a1')).toEqual([{ app_id: 'a1' }, { app_id: 'a1' }]);
    expect(marksOf(marks, NO_APPLICATION)).toEqual([{ app_id: null }]);
    expect(marksOf(marks, ALL_APPLICATIONS)).toHaveLength(4);
  });
});
