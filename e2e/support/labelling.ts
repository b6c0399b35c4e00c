// Driving the labelling workspace from Playwright: sign in, open a queue, read what is drawn, answer.
import type { Page } from '@playwright/test';
import type { ApiClient } from '../../src/api/client';
import { listApplications } from '../../src/api/endpoints/applications';
import { getHeldFeedback, returnFeedback } from '../../src/api/endpoints/feedback';
import { getMediaDetections } from '../../src/api/endpoints/media';
import type { LabellableType } from '../../src/api/types';
import type { MediaAssertion } from '../../src/api/schemas/detections';
import { SESSION_STORAGE_KEY, type Session } from '../../src/lib/session/session-store';
import type { LooplabelDebug } from '../../src/features/labelling/debug-hook';
import { isInspectionLine } from './demo-apps';
import { apiAs, DEMO, expect, signInToDemoLab } from './fixtures';
import type { RunningService } from './service';

export type Shown = Pick<LooplabelDebug, 'mediaId' | 'annotation' | 'camera'>;

export interface Labeller {
  api: ApiClient;
  userId: string;
  tenantId: string;
  apps: Record<LabellableType, string>;
}

export async function signInToLabel(page: Page, service: RunningService, email: string = DEMO.labeller): Promise<Labeller> {
  await signInToDemoLab(page, email);
  await expect(page).toHaveURL(/\/t\/[^/]+/);
  const { session } = (await storedSession(page)).state;
  const api = await apiAs(service, email, session.tenantId);
  return { api, userId: session.userId, tenantId: session.tenantId, apps: await inspectionLineApps(api) };
}

/** The inspection line's applications, one per type: the photo applications and those tests add are of the same types. */
export async function inspectionLineApps(api: ApiClient): Promise<Labeller['apps']> {
  const { data } = await listApplications(api);
  return Object.fromEntries(data.filter(isInspectionLine).map((app) => [app.type, app.application_id])) as Labeller['apps'];
}

export async function storedSession(page: Page): Promise<{ state: { session: Session } }> {
  return JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY))!);
}

/**
 * Hands back what the labeller holds in the type's demo application: browsers of earlier tests that were closed
 * without leaving the queue still hold items, and a queue that opens recovers them first.
 */
export async function releaseHeld(labeller: Labeller, type: LabellableType): Promise<void> {
  const appId = labeller.apps[type];
  const held = await getHeldFeedback(labeller.api, appId);
  if (held.length > 0) await returnFeedback(labeller.api, appId, held.map((request) => request.media_id), { skip: false });
}

/** Opens the application's queue with the debug hook and waits for its first item to be drawn. */
export async function openQueue(page: Page, labeller: Labeller, type: LabellableType): Promise<Shown> {
  await page.goto(`/t/${labeller.tenantId}/apps/${labeller.apps[type]}/label?debug=1`);
  return drawnItem(page);
}

/** Waits until an item other than `previous` is drawn, and returns what the workspace shows. */
export async function drawnItem(page: Page, previous: string | null = null): Promise<Shown> {
  await expect(page.getByRole('main', { name: 'Labelling workspace' })).toBeVisible();
  await page.waitForFunction((before) => {
    const debug = window.__looplabel;
    return !!debug?.mediaId && debug.mediaId !== before && debug.drawn[debug.mediaId] !== undefined && !!debug.camera;
  }, previous);
  return shown(page);
}

export const shown = (page: Page): Promise<Shown> =>
  page.evaluate(() => {
    const debug = window.__looplabel!;
    return { mediaId: debug.mediaId, annotation: debug.annotation, camera: debug.camera };
  });

/** Where an image pixel of the shown item is on the page. */
export async function onPage(page: Page, item: Shown, x: number, y: number) {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const camera = item.camera!;
  return { x: stage.x + x * camera.scale + camera.x, y: stage.y + y * camera.scale + camera.y };
}

/** Answers the shown item with Enter and waits until the workspace has moved on from it. */
/** Draws a box from one image pixel to another with Alt held, which draws even over an existing box. */
export async function drawBox(page: Page, item: Shown, from: { x: number; y: number }, to: { x: number; y: number }) {
  const start = await onPage(page, item, from.x, from.y);
  const end = await onPage(page, item, to.x, to.y);
  await page.keyboard.down('Alt');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Alt');
}

export async function accept(page: Page, item: Shown) {
  await page.getByRole('button', { name: /^Accept and go/ }).click();
  await page.waitForFunction((before) => window.__looplabel?.mediaId !== before || !document.querySelector('[data-testid=stage]'), item.mediaId);
}

export async function userAssertions(labeller: Labeller, mediaId: string, type: LabellableType): Promise<MediaAssertion[]> {
  const { detections } = await getMediaDetections(labeller.api, mediaId);
  return detections.filter((d) => d.user_id === labeller.userId && d.app_id === labeller.apps[type]);
}

export const syncStatus = (page: Page) => page.locator('.workspace__status').getByRole('status');

