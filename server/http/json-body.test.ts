import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX } from '../../src/api/limits';
import type { Subject } from '../../src/api/types';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../processing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { nestsDeeperThan } from './json-body';

const nested = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const TOO_DEEP = { message: expect.stringContaining(`nested deeper than ${JSON_DEPTH_MAX} levels`) };

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside each other, not side by side', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan(nestedArrays(4), 3)).toBe(true);
    expect(nestsDeeperThan(`[${Array.from({ length: 100 }, () => '[[]]').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" \\\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(`{"text": "\\\\", "b": [[1]]}`, 2)).toBe(true);
  });

  it('scans 5,000 levels without recursion', () => {
    expect(nestsDeeperThan(nested(5000), JSON_DEPTH_MAX)).toBe(true);
    expect(nestsDeeperThan(nestedArrays(1_000_000), JSON_DEPTH_MAX)).toBe(true);
  });
});

describe('the depth limit of requests', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let subjectUid: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
    const subject = await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: 'Depth' } });
    subjectUid = subject.json<Subject>().subject_uid;
  });
  afterAll(() => t.close());

  const createApplication = (customFields: string, contentType?: string) =>
    t.inject({
      method: 'POST',
      url: '/1/applications',
      headers: { ...admin, ...(contentType ? { 'content-type': contentType } : {}) },
      payload: `{"name": "Deep", "type": "classification", "custom_fields": ${customFields}}`,
    });

  it('refuses a body nested 5,000 levels in custom_fields with 400 naming the limit, whatever its declared type', async () => {
    for (const contentType of ['application/json', 'text/plain', undefined]) {
      const response = await createApplication(nested(5000), contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(TOO_DEEP);
    }
    const arrays = await createApplication(`{"a": ${nestedArrays(5000)}}`);
    expect(arrays.statusCode).toBe(400);
    expect(arrays.json()).toEqual(TOO_DEEP);
  });

  it(`takes a body exactly ${JSON_DEPTH_MAX} levels deep, and refuses one level more`, async () => {
    // The body itself is the first level, custom_fields the second.
    const deepest = await createApplication(nested(JSON_DEPTH_MAX - 2, '{}'));
    expect(deepest.statusCode).toBe(201);
    const tooDeep = await createApplication(nested(JSON_DEPTH_MAX - 1, '{}'));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual(TOO_DEEP);
  });

  it('refuses a focus (JSON in the query) nested too deep with 400, and an address of 5,000 levels with 414', async () => {
    const removeWithFocus = (focus: string) =>
      t.inject({ method: 'DELETE', url: `/1/subjects/${subjectUid}/media?media_id=med_x&focus=${encodeURIComponent(focus)}`, headers: admin });
    const tooDeep = await removeWithFocus(`{"box": ${nested(JSON_DEPTH_MAX)}}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject(TOO_DEEP);
    const huge = await removeWithFocus(nested(5000));
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a focus form field nested 5,000 levels with 400', async () => {
    const body = await multipartBody([
      ['file', await makeImage('png', 20, 20), 'a.png'],
      ['focus', nested(5000)],
    ]);
    const response = await t.inject({
      method: 'POST',
      url: `/1/subjects/${subjectUid}/media`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(TOO_DEEP);
  });

  it('reads bracketed query keys as plain names: a query cannot nest', async () => {
    const key = `a${'[a]'.repeat(2000)}`;
    const response = await t.inject({ method: 'GET', url: `/1/users?id=${t.demo!.userIds.admin}&${key}=1`, headers: admin });
    expect(response.statusCode).toBe(200);
    const deepArray = await t.inject({ method: 'GET', url: `/1/users?id${'[]'.repeat(2000)}=1`, headers: admin });
    expect(deepArray.statusCode).toBe(400);
    expect(deepArray.json()).toMatchObject({ errors: [{ message: expect.stringMatching(/^Give user_id \(or id\)/) }] });
  });
});
