import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayStatus } from '../../src/api/schemas/gateways';
import type { ListResponse } from '../../src/api/types';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let otherTenantAdmin: Record<string, string>;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  t.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createGateway(body: Record<string, unknown> = { name: 'Dock camera hub' }): Promise<Gateway> {
  const response = await send('POST', '/1/gateways', admin, body);
  expect(response.statusCode).toBe(201);
  return response.json<Gateway>();
}

const report = (cpuIdle: number): GatewayStatus => ({
  platform: { cpu: { idle: cpuIdle, user: 10, system: 5 }, disk: { total: 100, free: 40, used: 60, percent: 60 } },
  timestamp: 1_700_000_000 + cpuIdle,
  cameras: { cam1: { rxframes: 10, queue_full: 0, nospace: 0, badframes: 1, last_rxframe: 1_700_000_000, url: 'rtsp://10.0.0.5/1' } },
  cloud_connectivity: true,
});

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  otherTenantAdmin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  labeller = await t.demoAuth('labeller@demo.test');
});
afterAll(() => t.close());

describe('POST /1/gateways', () => {
  it('creates a gateway with defaults, ignoring unknown keys', async () => {
    const gateway = await createGateway({ name: 'Hub', ip_address: '10.0.0.2', mac_address: '00:1a:2b:3c:4d:5e', vendor: 'x' });
    expect(gateway).toEqual({
      gateway_id: expect.stringMatching(/^gw_/),
      tenant_id: t.demo!.tenantIds.demoLab,
      name: 'Hub',
      description: '',
      location: '',
      poll_interval: 60,
      ip_address: '10.0.0.2',
      mac_address: '00:1a:2b:3c:4d:5e',
      serial_number: '',
      model_deployment_policy: 'manual',
      created_at: expect.any(Number),
      modified_at: gateway.created_at,
      created_by: 'admin@demo.test',
      current_status: null,
      previous_status: null,
    });
    expect((await send('GET', `/1/gateways/${gateway.gateway_id}`, labeller)).json()).toEqual(gateway);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x', poll_interval: 0 }, 'poll_interval'],
    [{ name: 'x', poll_interval: 2.5 }, 'poll_interval'],
    [{ name: 'x', ip_address: '999.1.1.1' }, 'ip_address'],
    [{ name: 'x', mac_address: '00:1a' }, 'mac_address'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const response = await send('POST', '/1/gateways', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toContain(field);
  });

  it('is for tenant administrators only', async () => {
    expect((await send('POST', '/1/gateways', labeller, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('gateway reads, updates and deletes', () => {
  it("lists the tenant's gateways only", async () => {
    const gateway = await createGateway();
    expect((await send('GET', '/1/tenants/current/gateways', labeller)).json<ListResponse<Gateway>>().data).toContainEqual(gateway);
    const theirs = (await send('GET', '/1/tenants/current/gateways', otherTenantAdmin)).json<ListResponse<Gateway>>().data;
    expect(theirs.map((g) => g.gateway_id)).not.toContain(gateway.gateway_id);
    expect((await send('GET', `/1/gateways/${gateway.gateway_id}`, otherTenantAdmin)).statusCode).toBe(404);
  });

  it('updates for an administrator, refusing read-only fields, other roles and foreign ids', async () => {
    const gateway = await createGateway();
    const url = `/1/gateways/${gateway.gateway_id}`;
    const updated = await send('POST', url, admin, { location: 'Dock 4', poll_interval: 30 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...gateway, location: 'Dock 4', poll_interval: 30, modified_at: expect.any(Number) });
    expect((await send('POST', url, admin, { current_status: {} })).statusCode).toBe(400);
    expect((await send('POST', url, labeller, { location: 'x' })).statusCode).toBe(403);
    expect((await send('POST', url, otherTenantAdmin, { location: 'x' })).statusCode).toBe(404);
  });

  it('deletes for an administrator only', async () => {
    const gateway = await createGateway();
    const url = `/1/gateways/${gateway.gateway_id}`;
    expect((await send('DELETE', url, labeller)).statusCode).toBe(403);
    expect((await send('DELETE', url, otherTenantAdmin)).statusCode).toBe(404);
    expect((await send('DELETE', url, admin)).statusCode).toBe(204);
    expect((await send('GET', url, admin)).statusCode).toBe(404);
  });
});

describe('POST /1/gateways/{id}/status', () => {
  it('makes the report current and the one before it previous; any member may report', async () => {
    const gateway = await createGateway();
    const url = `/1/gateways/${gateway.gateway_id}/status`;
    const first = await send('POST', url, labeller, report(80));
    expect(first.statusCode).toBe(200);
    expect(first.json<Gateway>()).toMatchObject({ current_status: report(80), previous_status: null });
    const second = await send('POST', url, admin, { ...report(60), extra_metric: 1 });
    expect(second.json<Gateway>()).toMatchObject({ current_status: report(60), previous_status: report(80) });
    expect((await send('GET', `/1/gateways/${gateway.gateway_id}`, labeller)).json<Gateway>().current_status).toEqual(report(60));
  });

  it('refuses mistyped fields with 400 and foreign gateways with 404', async () => {
    const gateway = await createGateway();
    const url = `/1/gateways/${gateway.gateway_id}/status`;
    const bad = await send('POST', url, admin, { cloud_connectivity: 'yes', platform: { cpu: { idle: 'high' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toEqual(['platform.cpu.idle', 'cloud_connectivity']);
    expect((await send('POST', url, otherTenantAdmin, report(1))).statusCode).toBe(404);
  });
});
