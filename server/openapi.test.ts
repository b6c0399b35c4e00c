import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /1/openapi.json', () => {
  it('serves the document without credentials, generated from the route schemas', async () => {
    const response = await t.inject({ method: 'GET', url: '/1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/1/applications', '/1/applications/{applicationId}', '/1/subjects/{subjectUid}', '/1/gateways/{gatewayId}/status', '/1/version']),
    );
    const create = document.paths['/1/applications']?.post;
    expect(create?.requestBody?.content['application/json']?.schema.required).toEqual(['name', 'type']);
    expect(create?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/1/version']?.get?.security).toEqual([]);
    expect(document.paths['/config.js']).toBeUndefined();
    expect(document.paths['/1/openapi.json']).toBeUndefined();
  });
});
