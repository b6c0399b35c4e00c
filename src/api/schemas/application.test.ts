import { describe, expect, it } from 'vitest';
import { SECURE_URL_MESSAGE } from '../url-rule';
import { createApplicationBody, updateApplicationBody } from './application';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('application bodies', () => {
  it('create: name and type required, read-only and unknown keys ignored, lists cleaned', () => {
    const created = createApplicationBody.parse({
      name: ' Cats ',
      type: 'point',
      created_at: 5,
      public_read: true,
      input_subjects: ['a', 'a'],
      app_managers: ['Ada@Example.com'],
    });
    expect(created).toEqual({ name: 'Cats', type: 'point', input_subjects: ['a'], app_managers: ['ada@example.com'] });
    expect(issuesOf(createApplicationBody.safeParse({ name: '' })).map(([field]) => field)).toEqual(['name', 'type']);
  });

  it('update: read-only fields refused, ranges and the URL rule checked', () => {
    expect(issuesOf(updateApplicationBody.safeParse({ created_at: 5 }))).toEqual([['created_at', 'This field is read-only.']]);
    const bad = updateApplicationBody.safeParse({
      detection_thresholds: { a: 1.5 },
      requested_feedback_per_hour: -1,
      detection_post_urls: ['http://hooks.example.com'],
      gateway_post_urls: ['http://[::1]:9000/x'],
    });
    expect(issuesOf(bad)).toEqual([
      ['detection_thresholds.a', 'Use a number from 0 to 1.'],
      ['detection_post_urls.0', SECURE_URL_MESSAGE],
      ['requested_feedback_per_hour', 'Use 0 or more.'],
    ]);
  });

  it('consensus settings: 1 to 5 labellers per item, a tolerance of 0 or more', () => {
    expect(updateApplicationBody.parse({ labellers_per_item: 3, consensus_tolerance: 2.5 })).toEqual({ labellers_per_item: 3, consensus_tolerance: 2.5 });
    expect(issuesOf(updateApplicationBody.safeParse({ labellers_per_item: 6, consensus_tolerance: -1 }))).toEqual([
      ['labellers_per_item', 'Use a whole number from 1 to 5.'],
      ['consensus_tolerance', 'Use a number from 0 to 10,000.'],
    ]);
    expect(issuesOf(updateApplicationBody.safeParse({ labellers_per_item: 1.5 }))).toEqual([['labellers_per_item', 'Use a whole number from 1 to 5.']]);
  });
});
