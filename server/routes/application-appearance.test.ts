import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../src/api/schemas/application';
import type { ErrorBody } from '../../src/api/types';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.inject({ method: 'POST', url, headers: admin, payload });

describe('an application\'s custom_fields.appearance (the colour model\'s subject colours)', () => {
  it('is stored by the contract\'s rule: the colour in lower case, the missing fields with their defaults, the rest as given', async () => {
    const created = await post('/1/applications', { name: 'Colours', type: 'box_detection', custom_fields: { note: 'kept' } });
    expect(created.statusCode).toBe(201);
    const { application_id } = created.json<Application>();
    const updated = await post(`/1/applications/${application_id}`, {
      custom_fields: { note: 'kept', appearance: { s1: { color: '#3366CC', tolerance: 0.3 } } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Application>().custom_fields).toEqual({
      note: 'kept',
      appearance: { s1: { color: '#3366cc', tolerance: 0.3, min_area: 80, typical_area: null } },
    });
  });

  it.each([
    [{ s1: { color: 'red' } }, 'custom_fields.appearance.s1.color'],
    [{ s1: { color: '#112233', tolerance: 7 } }, 'custom_fields.appearance.s1.tolerance'],
    [{ s1: { color: '#112233', min_area: 0 } }, 'custom_fields.appearance.s1.min_area'],
    [{ s1: 'blue' }, 'custom_fields.appearance.s1'],
  ])('refuses %j with 400 on %s', async (appearance, field) => {
    const response = await post('/1/applications', { name: 'Bad colour', type: 'box_detection', custom_fields: { appearance } });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors?.map((error) => error.field)).toContain(field);
  });
});
