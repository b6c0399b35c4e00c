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
});
